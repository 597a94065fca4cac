import type { HttpClient } from '@federa/client';

/** Which self-service flows the operator switched on (`GET auth/account-features`, public). */
export interface AccountFeatures {
  readonly registration: boolean;
  readonly email_verification: boolean;
  readonly password_recovery: boolean;
}

/** The account as the register and activate endpoints return it (no e-mail, no secrets). */
export interface RegisteredAccount {
  readonly id: string;
  readonly name: string;
  readonly active: boolean;
}

export const accountQueryKeys = {
  features: ['auth', 'account-features'] as const,
};

/** Blank optional fields are left out rather than sent empty. */
const present = (value: string | null | undefined) =>
  value && value.trim() !== '' ? value.trim() : undefined;

export const accountApi = {
  features: (api: HttpClient, signal?: AbortSignal) =>
    api.get<AccountFeatures>('auth', 'account-features', { signal }),
  register: (
    api: HttpClient,
    body: { name: string; email: string; password: string; password_repeat: string; realmId: string | null },
  ) =>
    api.post<RegisteredAccount>('auth', 'users/register', {
      name: body.name.trim(),
      email: body.email.trim(),
      password: body.password,
      password_repeat: body.password_repeat,
      realm_id: present(body.realmId),
    }),
  activate: (api: HttpClient, token: string) =>
    api.post<RegisteredAccount>('auth', 'users/activate', { token: token.trim() }),
  /** One field for both: an entry with an @ is an e-mail address, anything else a name. */
  forgot: (api: HttpClient, body: { nameOrEmail: string; realmId: string | null }) => {
    const key = body.nameOrEmail.trim();
    return api.post<{ message: string }>('auth', 'users/password-forgot', {
      ...(key.includes('@') ? { email: key } : { name: key }),
      realm_id: present(body.realmId),
    });
  },
  reset: (
    api: HttpClient,
    body: {
      nameOrEmail: string;
      realmId: string | null;
      token: string;
      password: string;
      password_repeat: string;
    },
  ) => {
    const key = body.nameOrEmail.trim();
    return api.post<{ message: string }>('auth', 'users/password-reset', {
      ...(key.includes('@') ? { email: key } : { name: key }),
      realm_id: present(body.realmId),
      token: body.token.trim(),
      password: body.password,
      password_repeat: body.password_repeat,
    });
  },
};

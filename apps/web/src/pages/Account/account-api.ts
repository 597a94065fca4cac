import type { HttpClient } from '@federa/client';
import { AccountFeaturesSchema, AccountMessageSchema, PublicUserSchema } from '@federa/schemas';

/** Which self-service flows the operator switched on (`GET auth/account-features`, public). */
export type { AccountFeatures } from '@federa/schemas';
/** The account as the register and activate endpoints return it (no e-mail, no secrets). */
export type { PublicUser as RegisteredAccount } from '@federa/schemas';

export const accountQueryKeys = {
  features: ['auth', 'account-features'] as const,
};

/** Blank optional fields are left out rather than sent empty. */
const present = (value: string | null | undefined) =>
  value && value.trim() !== '' ? value.trim() : undefined;

export const accountApi = {
  features: (api: HttpClient, signal?: AbortSignal) =>
    api.get('auth', 'account-features', { signal, schema: AccountFeaturesSchema }),
  register: (
    api: HttpClient,
    body: { name: string; email: string; password: string; password_repeat: string; realmId: string | null },
  ) =>
    api.post(
      'auth',
      'users/register',
      {
        name: body.name.trim(),
        email: body.email.trim(),
        password: body.password,
        password_repeat: body.password_repeat,
        realm_id: present(body.realmId),
      },
      { schema: PublicUserSchema },
    ),
  activate: (api: HttpClient, token: string) =>
    api.post('auth', 'users/activate', { token: token.trim() }, { schema: PublicUserSchema }),
  /** One field for both: an entry with an @ is an e-mail address, anything else a name. */
  forgot: (api: HttpClient, body: { nameOrEmail: string; realmId: string | null }) => {
    const key = body.nameOrEmail.trim();
    return api.post(
      'auth',
      'users/password-forgot',
      { ...(key.includes('@') ? { email: key } : { name: key }), realm_id: present(body.realmId) },
      { schema: AccountMessageSchema },
    );
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
    return api.post(
      'auth',
      'users/password-reset',
      {
        ...(key.includes('@') ? { email: key } : { name: key }),
        realm_id: present(body.realmId),
        token: body.token.trim(),
        password: body.password,
        password_repeat: body.password_repeat,
      },
      { schema: AccountMessageSchema },
    );
  },
};

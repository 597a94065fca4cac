import type { HttpClient } from '@federa/client';

/** `GET users/@me`: the signed-in user's own record. */
export interface OwnUser {
  readonly id: string;
  readonly name: string;
  readonly name_locked?: boolean;
  readonly display_name?: string | null;
  readonly first_name?: string | null;
  readonly last_name?: string | null;
  readonly email?: string | null;
  readonly realm_id?: string;
  readonly realm_name?: string;
}

export const settingsQueryKeys = {
  me: ['auth', 'users', '@me'] as const,
};

export const settingsApi = {
  me: (api: HttpClient, signal?: AbortSignal) => api.get<OwnUser>('auth', 'users/@me', { signal }),
  /** Self-service update (name, display name, email, password …) of `POST users/{id}`. */
  update: (api: HttpClient, id: string, body: Record<string, unknown>) =>
    api.post<OwnUser>('auth', `users/${encodeURIComponent(id)}`, body),
};

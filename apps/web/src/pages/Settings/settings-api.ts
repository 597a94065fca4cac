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

/** One sign-in of the user (a refresh token still valid); `current` is the one of this browser. */
export interface OwnSession {
  readonly id: string;
  readonly created_at: string;
  readonly expires_at: string;
  readonly client_id: string | null;
  readonly client_name: string | null;
  readonly current: boolean;
}

export const settingsQueryKeys = {
  me: ['auth', 'users', '@me'] as const,
  sessions: ['auth', 'users', '@me', 'sessions'] as const,
};

export const settingsApi = {
  me: (api: HttpClient, signal?: AbortSignal) => api.get<OwnUser>('auth', 'users/@me', { signal }),
  /** Self-service update (name, display name, email, password …) of `POST users/{id}`. */
  update: (api: HttpClient, id: string, body: Record<string, unknown>) =>
    api.post<OwnUser>('auth', `users/${encodeURIComponent(id)}`, body),
  sessions: (api: HttpClient, signal?: AbortSignal) =>
    api.get<{ data: OwnSession[] }>('auth', 'users/@me/sessions', { signal }),
  signOutSession: (api: HttpClient, id: string) =>
    api.delete<{ ended: number }>('auth', `users/@me/sessions/${encodeURIComponent(id)}`),
  signOutEverywhere: (api: HttpClient) => api.delete<{ ended: number }>('auth', 'users/@me/sessions'),
};

import type { HttpClient } from '@federa/client';
import { EndedSessionsSchema, OwnSessionListSchema, OwnUserSchema, UserSchema } from '@federa/schemas';

export type { OwnSession, OwnUser } from '@federa/schemas';

export const settingsQueryKeys = {
  me: ['auth', 'users', '@me'] as const,
  sessions: ['auth', 'users', '@me', 'sessions'] as const,
};

export const settingsApi = {
  me: (api: HttpClient, signal?: AbortSignal) =>
    api.get('auth', 'users/@me', { signal, schema: OwnUserSchema }),
  /** Self-service update (name, display name, email, password …) of `POST users/{id}`. */
  update: (api: HttpClient, id: string, body: Record<string, unknown>) =>
    api.post('auth', `users/${encodeURIComponent(id)}`, body, { schema: UserSchema }),
  sessions: (api: HttpClient, signal?: AbortSignal) =>
    api.get('auth', 'users/@me/sessions', { signal, schema: OwnSessionListSchema }),
  signOutSession: (api: HttpClient, id: string) =>
    api.delete('auth', `users/@me/sessions/${encodeURIComponent(id)}`, { schema: EndedSessionsSchema }),
  signOutEverywhere: (api: HttpClient) =>
    api.delete('auth', 'users/@me/sessions', { schema: EndedSessionsSchema }),
};

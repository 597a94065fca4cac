import { z } from 'zod';

/**
 * A user as the self-service flows answer it (registration, activation): the fields the users API
 * shows by default. A plain object, so neither the e-mail address nor a password or code hash is
 * ever sent, even if the record carried one.
 */
export const PublicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  name_locked: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string().nullable(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  active: z.boolean(),
  status: z.string().nullable(),
  status_message: z.string().nullable(),
  realm_id: z.string(),
  client_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** `GET /auth/account-features`: the self-service flows the operator switched on. */
export const AccountFeaturesSchema = z.object({
  registration: z.boolean(),
  email_verification: z.boolean(),
  password_recovery: z.boolean(),
});
export type AccountFeatures = z.infer<typeof AccountFeaturesSchema>;

/** An accepted self-service request that has nothing to show but a sentence for the person. */
export const AccountMessageSchema = z.object({ message: z.string() });

/**
 * `GET /auth/users/@me` (also the OIDC userinfo endpoint): the signed-in user. The e-mail address
 * is only there for the scopes that grant it; a plain object, so no hash is ever sent.
 */
export const OwnUserSchema = z.object({
  sub: z.string(),
  id: z.string(),
  name: z.string(),
  name_locked: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string().nullable(),
  preferred_username: z.string(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  active: z.boolean(),
  status: z.string().nullable(),
  status_message: z.string().nullable(),
  email: z.string().nullable().optional(),
  email_verified: z.boolean().optional(),
  realm_id: z.string(),
  realm_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OwnUser = z.infer<typeof OwnUserSchema>;

/** One sign-in of the user (a valid refresh token); `current` marks the one of the request. */
export const OwnSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  scope: z.string().nullable(),
  client_id: z.string().nullable(),
  /** The client's display name, else its name; null for the web app's own sign-in. */
  client_name: z.string().nullable(),
  /** Where the session signed in or last refreshed from; null for sessions older than this field. */
  ip_address: z.string().nullable(),
  /** The browser or program that did, as its User-Agent header said. */
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export const OwnSessionListSchema = z.object({
  data: z.array(OwnSessionSchema),
  meta: z.object({ total: z.number().int().nonnegative() }),
});
export type OwnSession = z.infer<typeof OwnSessionSchema>;

/** `DELETE /auth/users/@me/sessions[/{id}]`: how many sessions were ended. */
export const EndedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });

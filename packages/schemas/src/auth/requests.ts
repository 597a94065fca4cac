import { z } from 'zod';
import {
  identityEmail,
  identityId,
  identityName,
  identityPassword,
  identityText,
  identityUrl,
  optionalIdentityText,
  RESERVED_USER_NAME_PREFIXES,
} from './fields.ts';

/*
 * The bodies the identity API accepts to create and update its plain records, shared by the server
 * (which validates every write with them) and the web app's forms (which check the same body before
 * sending it). Identity providers and policies have rules of their own beside these and keep their
 * schemas with their resources.
 */

const realmFields = z.object({
  name: identityName(3, 128).nullish(),
  display_name: optionalIdentityText(3, 256),
  description: optionalIdentityText(5, 4096),
});
export const RealmCreateSchema = realmFields.strict();
export const RealmUpdateSchema = realmFields.partial().strict();

const roleFields = {
  name: identityName(3, 30),
  display_name: optionalIdentityText(3, 256),
  description: optionalIdentityText(5, 4096),
  target: optionalIdentityText(3, 16),
};
export const RoleCreateSchema = z
  .object({ ...roleFields, realm_id: identityId().nullish(), client_id: identityId().nullish() })
  .strict();
export const RoleUpdateSchema = z.object(roleFields).partial().strict();

const scopeFields = {
  name: identityName(3, 256),
  display_name: optionalIdentityText(3, 256),
  description: optionalIdentityText(3, 4096),
};
export const ScopeCreateSchema = z.object({ ...scopeFields, realm_id: identityId().nullish() }).strict();
export const ScopeUpdateSchema = z.object(scopeFields).partial().strict();

const permissionFields = {
  name: identityName(3, 128),
  display_name: optionalIdentityText(3, 256),
  description: optionalIdentityText(5, 4096),
  target: optionalIdentityText(3, 16),
  policy_id: identityId().nullish(),
};
export const PermissionCreateSchema = z
  .object({ ...permissionFields, realm_id: identityId().nullish(), client_id: identityId().nullish() })
  .strict();
export const PermissionUpdateSchema = z.object(permissionFields).partial().strict();

const robotFields = {
  name: identityName(3, 128).nullish(),
  display_name: optionalIdentityText(3, 256),
  description: optionalIdentityText(3, 4096),
  secret: identityText(3, 256).nullish(),
  active: z.boolean().optional(),
  user_id: identityId().nullish(),
};
export const RobotCreateSchema = z.object({ ...robotFields, realm_id: identityId().optional() }).strict();
export const RobotUpdateSchema = z.object(robotFields).partial().strict();

const userName = identityName(3, 128).refine(
  (value) => !RESERVED_USER_NAME_PREFIXES.some((prefix) => value.toLowerCase().startsWith(prefix)),
  { message: 'This name is reserved.' },
);

const userFields = {
  name: userName,
  first_name: optionalIdentityText(3, 128),
  last_name: optionalIdentityText(3, 128),
  display_name: optionalIdentityText(3, 256),
  email: identityEmail().nullish(),
  avatar: optionalIdentityText(3, 255),
  cover: optionalIdentityText(3, 255),
  status: optionalIdentityText(3, 256),
  status_message: optionalIdentityText(3, 256),
  name_locked: z.boolean().optional(),
  active: z.boolean().optional(),
};

const passwordPair = {
  password: identityPassword().nullish(),
  password_repeat: z.string().nullish(),
};

/**
 * Only when changing the own password: proves that whoever holds the session knows the account. As
 * long as a password may be, or an account with a long one could never change it.
 */
const currentPassword = { password_current: z.string().max(512).nullish() };

const samePasswords = (value: { password?: string | null; password_repeat?: string | null }) =>
  value.password_repeat == null || value.password === value.password_repeat;
const samePasswordsIssue = {
  message: 'The value must be equal to the password value',
  path: ['password_repeat'],
};

export const UserCreateSchema = z
  .object({ ...userFields, ...passwordPair, realm_id: identityId().optional() })
  .strict()
  .refine(samePasswords, samePasswordsIssue);
export const UserUpdateSchema = z
  .object({ ...userFields, ...passwordPair, ...currentPassword, name: userName.optional() })
  .partial()
  .strict()
  .refine(samePasswords, samePasswordsIssue);

/** Comma-separated redirect URIs, each an absolute URL (wildcards `*` allowed in the path). */
const redirectUris = z
  .string()
  .trim()
  .max(2000, 'The maximum length allowed is 2000')
  .refine(
    (value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .every((item) => item === '' || URL.canParse(item.replaceAll('*', 'x'))),
    { message: 'The value is not a valid URL address' },
  );

const clientFields = {
  name: identityName(3, 256).nullish(),
  display_name: optionalIdentityText(3, 256),
  description: optionalIdentityText(3, 256),
  secret: identityText(3, 256).nullish(),
  redirect_uri: redirectUris.nullish(),
  base_url: identityUrl().nullish(),
  root_url: identityUrl().nullish(),
  grant_types: optionalIdentityText(3, 512),
  scope: optionalIdentityText(3, 512),
  is_confidential: z.boolean().optional(),
  first_party: z.boolean().optional(),
  active: z.boolean().optional(),
};
export const ClientCreateSchema = z.object({ ...clientFields, realm_id: identityId().optional() }).strict();
export const ClientUpdateSchema = z.object(clientFields).partial().strict();

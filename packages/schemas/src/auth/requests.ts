import { z } from 'zod';
import { identityId, identityName, identityText, optionalIdentityText } from './fields.ts';

/*
 * The bodies the identity API accepts to create and update its plain records, shared by the server
 * (which validates every write with them) and the web app's forms (which check the same body before
 * sending it). Users, clients, identity providers and policies have rules of their own beside these
 * and keep their schemas with their resources.
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

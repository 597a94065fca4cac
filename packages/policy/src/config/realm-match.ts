import { z } from 'zod';
import { DecisionStrategySchema, invertSchema } from './common.ts';

const AttributeNameSchema = z
  .string('A realm attribute name must be a string.')
  .min(3, 'A realm attribute name must be at least 3 characters long.');

/**
 * Passes when the realm attributes of the record match the identity's realm (id or name).
 * - attributeName: the attribute(s) to compare; default realm_id, realm_name, realmId, realmName
 *   (then always counted by consensus).
 * - attributeNameStrict (default true): when false, every attribute whose name contains one of
 *   them counts too (user_realm_id, role_realm_id …).
 * - attributeNullMatchAll (default false): a null realm attribute matches any identity.
 * - identityMasterMatchAll (default true): identities of the master realm always pass.
 * - decisionStrategy: how several realm attributes combine (default consensus).
 * A record without any realm attribute does not pass.
 */
export const RealmMatchPolicySchema = z.object({
  type: z.literal('realmMatch'),
  invert: invertSchema,
  attributeName: z
    .union([
      AttributeNameSchema,
      z.array(AttributeNameSchema).min(1, 'At least one realm attribute name is required.'),
    ])
    .nullish(),
  attributeNameStrict: z.boolean().nullish(),
  attributeNullMatchAll: z.boolean().nullish(),
  identityMasterMatchAll: z.boolean().nullish(),
  decisionStrategy: DecisionStrategySchema.nullish(),
});

export type RealmMatchPolicy = z.input<typeof RealmMatchPolicySchema>;

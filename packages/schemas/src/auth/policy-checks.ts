import { z } from 'zod';

/**
 * The answer of `POST /auth/permissions/{id}/check` and `POST /auth/policies/{id}/check`: whether the
 * evaluation granted, or why not (with the stored policy that denied, when one is known).
 */
export const PolicyCheckOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success') }),
  z.object({
    status: z.literal('error'),
    data: z.object({
      statusCode: z.number().int(),
      code: z.string(),
      message: z.string(),
      policy: z.object({ id: z.string(), name: z.string(), type: z.string() }).optional(),
    }),
  }),
]);
export type PolicyCheckOutcome = z.infer<typeof PolicyCheckOutcomeSchema>;

const StoredPolicySchema = z.looseObject({ id: z.string(), name: z.string(), type: z.string() });

/**
 * `GET /auth/policies/{id}/expanded`: a policy with its type's settings flat and, for a composite,
 * its descendants nested as `children`, each of the same form. Loose: the settings differ by policy
 * type. The children are declared one level deep (their own children pass unchanged): a recursive
 * schema would have to be registered as a named component of the OpenAPI document.
 */
export const ExpandedPolicySchema = StoredPolicySchema.extend({
  children: z.array(StoredPolicySchema).optional(),
});
export type ExpandedPolicy = z.infer<typeof ExpandedPolicySchema>;

/**
 * The same answer read to any depth, for a client that walks the whole tree (the web app's policy
 * tree): a policy's common fields, its settings flat, and its children of the same form.
 */
export const ExpandedPolicyTreeSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  display_name: z.string().nullable().optional(),
  invert: z.boolean().optional(),
  get children(): z.ZodOptional<z.ZodArray<typeof ExpandedPolicyTreeSchema>> {
    return z.array(ExpandedPolicyTreeSchema).optional();
  },
});
export type ExpandedPolicyTree = z.output<typeof ExpandedPolicyTreeSchema>;

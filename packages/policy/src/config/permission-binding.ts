import { z } from 'zod';
import { invertSchema } from './common.ts';

/**
 * Passes when the identity holds the permission being checked (directly or through a role), asked
 * of the engine's permission binding provider; the policies of the bindings, if any, must pass too.
 */
export const PermissionBindingPolicySchema = z.object({
  type: z.literal('permissionBinding'),
  invert: invertSchema,
});

export type PermissionBindingPolicy = z.input<typeof PermissionBindingPolicySchema>;

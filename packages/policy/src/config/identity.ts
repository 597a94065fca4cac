import { z } from 'zod';
import { invertSchema } from './common.ts';

/** Passes when an identity is present and, if types are listed, is of one of them. */
export const IdentityPolicySchema = z.object({
  type: z.literal('identity'),
  invert: invertSchema,
  types: z
    .array(
      z
        .string('An identity type must be a string.')
        .min(3, 'An identity type must be at least 3 characters long.')
        .max(128, 'An identity type must be at most 128 characters long.'),
    )
    .nullish(),
});

export type IdentityPolicy = z.input<typeof IdentityPolicySchema>;

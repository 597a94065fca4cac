import { z } from 'zod';
import { invertSchema } from './common.ts';

/**
 * Allow-list of attribute names: passes when every attribute of the input, flattened to dot paths
 * through nested plain objects (arrays are values), is listed.
 */
export const AttributeNamesPolicySchema = z.object({
  type: z.literal('attributeNames'),
  invert: invertSchema,
  names: z
    .array(
      z
        .string('An attribute name must be a string.')
        .min(3, 'An attribute name must be at least 3 characters long.')
        .max(128, 'An attribute name must be at most 128 characters long.'),
      'The names must be an array.',
    )
    .min(1, 'At least one attribute name is required.'),
});

export type AttributeNamesPolicy = z.input<typeof AttributeNamesPolicySchema>;

import { z } from 'zod';
import { invertSchema } from './common.ts';

/**
 * Passes when the input attributes match a Mongo-style query (@ucast/mongo2js: $eq, $ne, $lt,
 * $lte, $gt, $gte, $in, $nin, $all, $size, $regex, $exists, $elemMatch, $and, $or, $nor, $not,
 * dot paths). A `$regex` string written `/pattern/flags` becomes that regular expression.
 */
export const AttributesPolicySchema = z.object({
  type: z.literal('attributes'),
  invert: invertSchema,
  query: z.record(z.string(), z.unknown(), 'The query must be an object.'),
});

export type AttributesPolicy = z.input<typeof AttributesPolicySchema>;

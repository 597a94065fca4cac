import type { AttributeNamesPolicy } from './attribute-names.ts';
import type { AttributesPolicy } from './attributes.ts';
import type { CompositePolicy } from './composite.ts';
import type { DatePolicy } from './date.ts';
import type { IdentityPolicy } from './identity.ts';
import type { PermissionBindingPolicy } from './permission-binding.ts';
import type { RealmMatchPolicy } from './realm-match.ts';
import type { TimePolicy } from './time.ts';

export * from './common.ts';
export * from './composite.ts';
export * from './date.ts';
export * from './time.ts';
export * from './attribute-names.ts';
export * from './attributes.ts';
export * from './identity.ts';
export * from './realm-match.ts';
export * from './permission-binding.ts';

/** The configuration of any built-in policy. */
export type BuiltInPolicy =
  | CompositePolicy
  | DatePolicy
  | TimePolicy
  | AttributeNamesPolicy
  | AttributesPolicy
  | IdentityPolicy
  | RealmMatchPolicy
  | PermissionBindingPolicy;

/** How the hub manages a registry (registries.kind). */
export const RegistryKind = {
  /** Harbor ≥ 2.3: projects, robot accounts and webhooks through its management API v2.0. */
  HARBOR: 'harbor',
  /** Any OCI distribution registry: projects are repository prefixes, credentials the registry's. */
  OCI: 'oci',
} as const;
export type RegistryKind = (typeof RegistryKind)[keyof typeof RegistryKind];

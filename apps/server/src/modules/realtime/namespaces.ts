import { MASTER_NAMESPACE, NAMESPACE_PATTERN, realmNamespace } from '@federa/schemas';

// Realm namespaces are created on first use (a connection or an emission), so there is no list of
// realms to keep in sync.
export { MASTER_NAMESPACE, NAMESPACE_PATTERN, realmNamespace };

/** The realm a namespace belongs to, or undefined for the master namespace. */
export function realmIdOfNamespace(name: string): string | undefined {
  const match = NAMESPACE_PATTERN.exec(name);
  return match?.[1]?.slice(1);
}

/** Where an event about records of these realms goes: each realm's namespace and the master namespace. */
export function namespacesFor(realmIds: readonly string[]): string[] {
  const names = new Set([MASTER_NAMESPACE]);
  for (const realmId of realmIds) {
    // A realm id that cannot name a namespace would create a stray one; such a record has no audience.
    const name = realmNamespace(realmId);
    if (NAMESPACE_PATTERN.test(name)) names.add(name);
  }
  return [...names];
}

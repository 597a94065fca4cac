/**
 * The In/Out views of two-sided records (docs/product/analysis-platform.md §3, relation types). A project
 * node is "in" for the realm of the node (a request to take part) and "out" for the realm of the project (a
 * request it sent); analysis nodes likewise. The rooms live in realm namespaces only: in the master
 * namespace, which sees every realm, a direction would mean nothing.
 */
export interface DirectionalRoute {
  /** The room type, e.g. `projectNodeIn`. */
  type: string;
  /** The field of the record that holds the realm this direction is seen from. */
  realmField: string;
}

const DIRECTIONAL_ROUTES: Readonly<Record<string, readonly DirectionalRoute[]>> = {
  projectNode: [
    { type: 'projectNodeIn', realmField: 'node_realm_id' },
    { type: 'projectNodeOut', realmField: 'project_realm_id' },
  ],
  analysisNode: [
    { type: 'analysisNodeIn', realmField: 'node_realm_id' },
    { type: 'analysisNodeOut', realmField: 'analysis_realm_id' },
  ],
};

/** The directional rooms an event of this entity type also goes to (none for most types). */
export function directionalRoutesOf(entityType: string): readonly DirectionalRoute[] {
  return DIRECTIONAL_ROUTES[entityType] ?? [];
}

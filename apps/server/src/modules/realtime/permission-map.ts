import {
  ANALYSIS_READERS as ANALYSIS_READ,
  IdentityPermissionName as P,
  NODE_READERS,
  PlatformPermissionName as H,
  PROJECT_READERS,
} from '@federa/schemas';

/** Who may subscribe to a resource type: anyone holding one of the names, or every signed-in identity. */
export type ReadRule = readonly string[] | 'public';

/**
 * The read permission of every resource type that emits realtime events (the `type` of a domain
 * event). It mirrors `permissions.read` of the HTTP resources: a subscription must not reveal what a
 * list request would refuse. Realm isolation is not decided here but by the namespace a socket is in.
 */
const IDENTITY_READ_RULES: Record<string, ReadRule> = {
  realm: 'public',
  user: [P.USER_READ, P.USER_UPDATE, P.USER_DELETE],
  robot: [P.ROBOT_READ, P.ROBOT_UPDATE, P.ROBOT_DELETE],
  client: 'public',
  role: [P.ROLE_READ, P.ROLE_UPDATE, P.ROLE_DELETE],
  scope: 'public',
  permission: [P.PERMISSION_READ, P.PERMISSION_UPDATE, P.PERMISSION_DELETE],
  policy: [P.PERMISSION_READ, P.PERMISSION_CREATE, P.PERMISSION_UPDATE, P.PERMISSION_DELETE],
  identityProvider: 'public',

  userRole: [P.USER_ROLE_READ, P.USER_ROLE_CREATE, P.USER_ROLE_DELETE],
  userPermission: [P.USER_PERMISSION_READ, P.USER_PERMISSION_CREATE, P.USER_PERMISSION_DELETE],
  robotRole: [P.ROBOT_ROLE_READ, P.ROBOT_ROLE_CREATE, P.ROBOT_ROLE_DELETE],
  robotPermission: [P.ROBOT_PERMISSION_READ, P.ROBOT_PERMISSION_CREATE, P.ROBOT_PERMISSION_DELETE],
  clientRole: [P.CLIENT_ROLE_READ, P.CLIENT_ROLE_CREATE, P.CLIENT_ROLE_DELETE],
  clientPermission: [P.CLIENT_PERMISSION_READ, P.CLIENT_PERMISSION_CREATE, P.CLIENT_PERMISSION_DELETE],
  rolePermission: [P.ROLE_PERMISSION_READ, P.ROLE_PERMISSION_CREATE, P.ROLE_PERMISSION_DELETE],
  // Both sides of this link are readable by everyone, so the link is too (as in the original).
  clientScope: 'public',
  realmScope: [P.REALM_UPDATE, P.SCOPE_UPDATE, P.CLIENT_CREATE],
  // As the attribute resources are read: with the read or update permission of their owner's type.
  userAttribute: [P.USER_READ, P.USER_UPDATE],
  roleAttribute: [P.ROLE_READ, P.ROLE_UPDATE],
  identityProviderRoleMapping: [
    P.IDENTITY_PROVIDER_READ,
    P.IDENTITY_PROVIDER_ROLE_CREATE,
    P.IDENTITY_PROVIDER_ROLE_UPDATE,
    P.IDENTITY_PROVIDER_ROLE_DELETE,
  ],
};

/**
 * Hub resource types, gated as the original hub gates its subscriptions (docs/design.md §6).
 * Types the original emitted for but never let anyone join (master images, registries, buckets,
 * events) get the permission that manages them, so their rooms finally work.
 */
const HUB_READ_RULES: Record<string, ReadRule> = {
  // Projects, their nodes and nodes: whoever may list them over HTTP (the sets of packages/schemas).
  project: PROJECT_READERS,
  projectNode: PROJECT_READERS,
  node: NODE_READERS,
  // The In/Out views of a realm: requests to approve, and requests it sent (docs/decisions/0009).
  projectNodeIn: [H.PROJECT_APPROVE],
  projectNodeOut: [H.PROJECT_UPDATE],
  analysisNodeIn: [H.ANALYSIS_APPROVE],
  analysisNodeOut: [H.ANALYSIS_UPDATE],
  registry: [H.REGISTRY_MANAGE],
  registryProject: [H.REGISTRY_MANAGE, H.REGISTRY_PROJECT_MANAGE],
  // The catalogue every analysis author picks from; nothing in it is confidential.
  masterImage: 'public',
  masterImageGroup: 'public',
  // The analysis entities: whoever may list them (ANALYSIS_READERS of the analysis resources).
  analysis: ANALYSIS_READ,
  analysisNode: ANALYSIS_READ,
  analysisNodeEvent: [...ANALYSIS_READ, H.EVENT_READ],
  analysisBucket: ANALYSIS_READ,
  analysisBucketFile: ANALYSIS_READ,
  analysisLog: ANALYSIS_READ,
  analysisPermission: ANALYSIS_READ,
  event: [H.EVENT_READ],
  // Storage reads need no permission, only the realm (storage/access.ts readableRows), and the
  // namespace already confines a socket to its realm's records.
  bucket: 'public',
  bucketFile: 'public',
};

const READ_RULES: ReadonlyMap<string, ReadRule> = new Map(
  Object.entries({ ...IDENTITY_READ_RULES, ...HUB_READ_RULES }),
);

/** The rule for a resource type, or undefined for a type nobody can subscribe to. */
export function readRuleOf(type: string): ReadRule | undefined {
  return READ_RULES.get(type);
}

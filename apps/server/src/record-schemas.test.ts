import {
  AnalysisBucketFileSchema,
  AnalysisBucketSchema,
  AnalysisNodeEventSchema,
  AnalysisNodeSchema,
  AnalysisPermissionSchema,
  AnalysisSchema,
  AuditEventSchema,
  BucketFileSchema,
  BucketSchema,
  ClientPermissionSchema,
  ClientRoleSchema,
  ClientSchema,
  ClientScopeSchema,
  IdentityProviderRoleMappingSchema,
  IdentityProviderSchema,
  LogLineRecordSchema,
  MasterImageGroupSchema,
  MasterImageSchema,
  NodeSchema,
  PermissionSchema,
  PolicySchema,
  ProjectNodeSchema,
  ProjectSchema,
  RealmSchema,
  RealmScopeSchema,
  RegistryProjectSchema,
  RegistrySchema,
  RobotPermissionSchema,
  RobotRoleSchema,
  RobotSchema,
  RoleAttributeSchema,
  RolePermissionSchema,
  RoleSchema,
  ScopeSchema,
  UserAttributeSchema,
  UserPermissionSchema,
  UserRoleSchema,
  UserSchema,
} from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Caller } from '#test/auth-client.ts';
import {
  createAnalysisWorld,
  uploadCode,
  type AnalysisWorld,
} from './modules/core/analyses/analyses.test-support.ts';

/**
 * What the web app and the node agent parse answers with: the record schemas of `@federa/schemas`,
 * by the path of the resource's read route.
 */
const RECORD_SCHEMAS: Record<string, z.ZodObject> = {
  '/auth/realms': RealmSchema,
  '/auth/users': UserSchema,
  '/auth/robots': RobotSchema,
  '/auth/clients': ClientSchema,
  '/auth/roles': RoleSchema,
  '/auth/scopes': ScopeSchema,
  '/auth/realm-scopes': RealmScopeSchema,
  '/auth/permissions': PermissionSchema,
  '/auth/policies': PolicySchema,
  '/auth/identity-providers': IdentityProviderSchema,
  '/auth/identity-provider-role-mappings': IdentityProviderRoleMappingSchema,
  '/auth/user-attributes': UserAttributeSchema,
  '/auth/role-attributes': RoleAttributeSchema,
  '/auth/user-roles': UserRoleSchema,
  '/auth/user-permissions': UserPermissionSchema,
  '/auth/robot-roles': RobotRoleSchema,
  '/auth/robot-permissions': RobotPermissionSchema,
  '/auth/role-permissions': RolePermissionSchema,
  '/auth/client-roles': ClientRoleSchema,
  '/auth/client-permissions': ClientPermissionSchema,
  '/auth/client-scopes': ClientScopeSchema,
  '/core/master-image-groups': MasterImageGroupSchema,
  '/core/master-images': MasterImageSchema,
  '/core/registries': RegistrySchema,
  '/core/registry-projects': RegistryProjectSchema,
  '/core/nodes': NodeSchema,
  '/core/projects': ProjectSchema,
  '/core/project-nodes': ProjectNodeSchema,
  '/core/analyses': AnalysisSchema,
  '/core/analysis-nodes': AnalysisNodeSchema,
  '/core/analysis-buckets': AnalysisBucketSchema,
  '/core/analysis-bucket-files': AnalysisBucketFileSchema,
  '/core/analysis-permissions': AnalysisPermissionSchema,
  '/core/analysis-node-events': AnalysisNodeEventSchema,
  '/telemetry/events': AuditEventSchema,
  '/telemetry/logs': LogLineRecordSchema,
  '/storage/buckets': BucketSchema,
  '/storage/bucket-files': BucketFileSchema,
};

/**
 * Where an answer differs from the table on purpose: a column the resource reshapes away (settings
 * stored as `config` are sent flat) and keys only some answers add (a secret's presence, a secret
 * shown once).
 */
const RESHAPED: Record<string, { removed?: string[]; added?: string[] }> = {
  '/auth/policies': { removed: ['config'] },
  '/auth/identity-providers': { removed: ['config'] },
  '/auth/robots': { added: ['secret_set'] },
  '/auth/clients': { added: ['secret_set'] },
  '/core/nodes': { added: ['robot_secret'] },
};

/** Reads by id that are not records of a resource: a public signing key (`/auth/jwks/{id}`). */
const NOT_RECORDS = ['/auth/jwks'];

interface OpenApiSchema {
  type?: string;
  properties?: Record<string, OpenApiSchema>;
  anyOf?: OpenApiSchema[];
  items?: OpenApiSchema;
}
type OpenApiPaths = Record<
  string,
  { get?: { responses?: Record<string, { content?: Record<string, { schema?: OpenApiSchema }> }> } }
>;

/** An included relation (`include=realm`): an object-valued key, not a column. */
function isRelation(schema: z.ZodType): boolean {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodObject;
}

/** The same in the OpenAPI document (a resource that declares its schema itself lists relations). */
function isRelationProperty(schema: OpenApiSchema): boolean {
  return schema.properties !== undefined || (schema.anyOf ?? []).some(isRelationProperty);
}

function columnKeysOf(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, value]) => !isRelation(value as z.ZodType))
    .map(([key]) => key)
    .sort();
}

/**
 * One record of each identity kind the installation does not make itself, with its links (a client
 * gets its realm's default scopes on its own).
 */
async function createIdentityRecords(admin: Caller, robotId: string): Promise<void> {
  const created = async (path: string, body: Record<string, unknown>): Promise<string> => {
    const response = await admin.post(path, body);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const first = async (path: string): Promise<string> => {
    const response = await admin.get(`${path}?page[limit]=1`);
    return (response.json() as { data: Array<{ id: string }> }).data[0]!.id;
  };
  const clientId = await created('/auth/clients', {
    name: 'portal',
    redirect_uri: 'https://portal.example/cb',
  });
  const roleId = await created('/auth/roles', { name: 'typed-role' });
  const permissionId = await first('/auth/permissions');
  const userId = await first('/auth/users');
  const providerId = await created('/auth/identity-providers', {
    name: 'upstream',
    protocol: 'oidc',
    client_id: 'federa-hub',
    client_secret: 'top-secret-value',
    authorize_url: 'https://idp.example.org/authorize',
    token_url: 'https://idp.example.org/token',
  });
  await created('/auth/policies', { name: 'robots-only', type: 'identity', types: ['robot'] });
  await created('/auth/identity-provider-role-mappings', {
    provider_id: providerId,
    role_id: roleId,
    name: 'groups',
    value: 'admins',
  });
  await created('/auth/user-attributes', { user_id: userId, name: 'team', value: 'blue' });
  await created('/auth/role-attributes', { role_id: roleId, name: 'tier', value: 'gold' });
  await created('/auth/robot-roles', { robot_id: robotId, role_id: roleId });
  await created('/auth/client-roles', { client_id: clientId, role_id: roleId });
  await created('/auth/client-permissions', { client_id: clientId, permission_id: permissionId });
}

describe('record schemas of @federa/schemas', () => {
  let world: AnalysisWorld;
  let records: Map<string, string[]>;

  beforeAll(async () => {
    // Realms that meet in a project with nodes, a registry and a master image: records of most kinds.
    world = await createAnalysisWorld();
    const response = await world.ctx.app.inject({ url: '/docs/json' });
    const paths = (response.json() as { paths: OpenApiPaths }).paths;
    // The read route of every resource answers one record, whose schema the server derives from the
    // table: its columns minus the secret ones.
    records = new Map();
    for (const [path, operations] of Object.entries(paths)) {
      const match = /^(\/(?:auth|core|telemetry|storage)\/[a-z-]+)\/\{id\}$/.exec(path);
      const schema = operations.get?.responses?.['200']?.content?.['application/json']?.schema;
      if (!match || !schema?.properties || NOT_RECORDS.includes(match[1]!)) continue;
      const columns = Object.entries(schema.properties).filter(([, value]) => !isRelationProperty(value));
      records.set(match[1]!, columns.map(([key]) => key).sort());
    }
    // Log lines have no read by id: their list answers them.
    const logLine =
      paths['/telemetry/logs']?.get?.responses?.['200']?.content?.['application/json']?.schema?.properties
        ?.data?.items;
    if (logLine?.properties) records.set('/telemetry/logs', Object.keys(logLine.properties).sort());
  });

  afterAll(() => world.ctx.close());

  it('has a schema for every resource the server serves', () => {
    expect([...records.keys()].filter((path) => !(path in RECORD_SCHEMAS))).toEqual([]);
    expect(Object.keys(RECORD_SCHEMAS).filter((path) => !records.has(path))).toEqual([]);
  });

  it("names exactly the columns each resource's answer carries", () => {
    for (const [path, columns] of records) {
      const schema = RECORD_SCHEMAS[path];
      if (!schema) continue;
      const { removed = [], added = [] } = RESHAPED[path] ?? {};
      const expected = [...columns.filter((key) => !removed.includes(key)), ...added].sort();
      expect({ path, keys: columnKeysOf(schema) }).toEqual({ path, keys: expected });
    }
  });

  it('parses what the lists answer, with their relations included', async () => {
    const analysis = await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'Typed' });
    expect(analysis.statusCode, analysis.body).toBe(201);
    const analysisId = (analysis.json() as { id: string }).id;
    for (const node of [world.siteNode, world.hubNode]) {
      const added = await world.owner.post('/core/analysis-nodes', {
        analysis_id: analysisId,
        node_id: node.id,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    await uploadCode(world, analysisId, [{ path: 'main.py', content: 'print(1)' }]);
    await createIdentityRecords(world.admin, world.siteNode.robotId);

    const empty: string[] = [];
    for (const [path, schema] of Object.entries(RECORD_SCHEMAS)) {
      const relations = Object.keys(schema.shape).filter((key) => isRelation(schema.shape[key] as z.ZodType));
      const include = relations.length > 0 ? `&include=${relations.join(',')}` : '';
      const response = await world.admin.get(`${path}?page[limit]=50${include}`);
      expect({ path, status: response.statusCode }, response.body).toEqual({ path, status: 200 });
      const { data } = response.json() as { data: unknown[] };
      for (const record of data) {
        const result = schema.safeParse(record);
        expect({ path, issues: result.error?.issues }).toEqual({ path, issues: undefined });
      }
      if (data.length === 0) empty.push(path);
    }
    // Records that only a node's run or an analysis' permission makes; each of the others was parsed.
    expect(empty).toEqual(['/core/analysis-permissions', '/core/analysis-node-events', '/telemetry/logs']);
  });
});

import {
  CoreEntityType,
  NODE_READERS,
  NodeCreateSchema,
  NodeTaskName,
  NodeUpdateSchema,
  PlatformPermissionName as P,
} from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '#platform/db/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { realms } from '#modules/auth/index.ts';
import { nodes, registries, registryProjects } from '../db/index.ts';
import { realmOfNewRecord } from '../shared/realms.ts';
import {
  createNodeRobot,
  deleteNodeRobot,
  grantNodeRobotPermissions,
  newRobotCredentials,
  nodeRobotExists,
  type RobotCredentials,
} from './node-robot.ts';
import { ensureNodeProject, queueRegistryCommand } from '../registries/node-project.ts';
import { normalizePublicKey } from './public-key.ts';

async function assertRegistryExists(db: Executor, id: unknown): Promise<void> {
  if (typeof id !== 'string') return;
  const [row] = await db.select({ id: registries.id }).from(registries).where(eq(registries.id, id));
  if (!row) throw badRequest('The registry does not exist.');
}

export const NODE_REALM_FIXED_MESSAGE = 'The realm of a node can not be changed.';

/**
 * The node form (docs/product/analysis-platform.md §5: realm_id is one of its fields) sends the whole node on
 * an edit, realm included; a node stays in its realm, so the realm is accepted only unchanged.
 */
const NodeUpdateBodySchema = NodeUpdateSchema.extend({
  realm_id: z.uuid('The value must be a valid id.').nullish(),
});

function withPublicKey(input: Row): Row {
  if (!('public_key' in input)) return input;
  return { ...input, public_key: normalizePublicKey(input.public_key) };
}

/**
 * Nodes. Creating one also creates its robot (in the same transaction); the robot's secret is part
 * of the create response only (`robot_secret`) and is stored as a hash, so it can never be read
 * again; the identity API regenerates it. Updating a node whose robot was deleted creates a new one
 * (as in the original hub), whose secret is then part of that update response; an existing robot gets
 * back the node permissions it lacks. Deleting a node deletes its robot.
 */
export function nodeResource(): ResourceDefinition {
  // Credentials made before the transaction, handed to afterWrite (by request) and to present (by body).
  const pending = new WeakMap<object, RobotCredentials>();
  // Credentials of robots an update actually created (another update may have been first).
  const issued = new WeakSet<RobotCredentials>();
  // The body of an update by request, for credentials made only inside the write.
  const updateInputs = new WeakMap<object, Row>();

  /** Links a new robot to the node; the framework returns and announces `row`, so it shows it too. */
  const linkNewRobot = async (db: Executor, row: Row, credentials: RobotCredentials) => {
    const robotId = await createNodeRobot(
      db,
      { id: row.id as string, name: row.name as string, realm_id: row.realm_id as string },
      credentials,
    );
    await db
      .update(nodes)
      .set({ robot_id: robotId })
      .where(eq(nodes.id, row.id as string));
    row.robot_id = robotId;
    issued.add(credentials);
  };

  return {
    path: 'nodes',
    entityType: CoreEntityType.NODE,
    label: 'node',
    table: nodes,
    query: defineResourceQuery({
      table: nodes,
      fields: {
        default: [
          'id',
          'name',
          'external_name',
          'type',
          'hidden',
          'online',
          'public_key',
          'registry_id',
          'registry_project_id',
          'robot_id',
          'realm_id',
          'created_at',
          'updated_at',
        ],
      },
      filters: [
        'id',
        'name',
        'external_name',
        'type',
        'hidden',
        'online',
        'registry_id',
        'realm_id',
        'robot_id',
      ],
      sorts: ['name', 'type', 'created_at', 'updated_at'],
      defaultSort: { name: 'ASC' },
      relations: {
        realm: {
          table: realms,
          localKey: 'realm_id',
          foreignKey: 'id',
        },
        registry: {
          table: registries,
          localKey: 'registry_id',
          foreignKey: 'id',
        },
        registry_project: {
          table: registryProjects,
          localKey: 'registry_project_id',
          foreignKey: 'id',
        },
      },
    }),
    permissions: {
      read: [...NODE_READERS],
      create: [P.NODE_CREATE],
      update: [P.NODE_UPDATE],
      delete: [P.NODE_DELETE],
    },
    createSchema: NodeCreateSchema,
    updateSchema: NodeUpdateBodySchema,
    realmColumn: nodes.realm_id,
    hooks: {
      prepareCreate: async (input, { request, db }) => {
        await assertRegistryExists(db, input.registry_id);
        const credentials = await newRobotCredentials();
        pending.set(request, credentials);
        pending.set(input, credentials);
        return withPublicKey({ ...input, realm_id: realmOfNewRecord(request, input.realm_id) });
      },
      prepareUpdate: async (existing, input, { request, db }) => {
        const { realm_id: realmId, ...changes } = input;
        if (realmId && realmId !== existing.realm_id) throw badRequest(NODE_REALM_FIXED_MESSAGE);
        await assertRegistryExists(db, changes.registry_id);
        updateInputs.set(request, input);
        if (!(await nodeRobotExists(db, existing.robot_id as string | null))) {
          const credentials = await newRobotCredentials();
          pending.set(request, credentials);
          pending.set(input, credentials);
        }
        // A form sent back unchanged is a save without changes, not an empty update.
        return Object.keys(changes).length > 0 ? withPublicKey(changes) : { realm_id: existing.realm_id };
      },
      afterWrite: async (row, event, { request, db }) => {
        if (event === 'deleted') {
          await deleteNodeRobot(db, row.robot_id as string | null);
          if (row.registry_project_id) {
            await queueRegistryCommand(db, NodeTaskName.PROJECT_UNLINK, row.registry_project_id as string);
          }
          return;
        }
        // A node with a registry has its project there (created and linked as a job).
        await ensureNodeProject(db, row);
        if (event === 'created') {
          const credentials = pending.get(request);
          if (!credentials) throw new Error('node robot credentials missing');
          await linkNewRobot(db, row, credentials);
          return;
        }
        // The update holds the node row's lock: what it sees of the robot is what it may rely on.
        if (await nodeRobotExists(db, row.robot_id as string | null)) {
          await grantNodeRobotPermissions(db, {
            id: row.robot_id as string,
            realm_id: row.realm_id as string,
          });
          return;
        }
        // The robot was deleted: a new one. Its credentials come from the preparation (hashing is
        // slow), unless the robot went only after it; then they are made here, which is rare.
        let credentials = pending.get(request);
        if (!credentials) {
          credentials = await newRobotCredentials();
          const input = updateInputs.get(request);
          if (input) pending.set(input, credentials);
        }
        await linkNewRobot(db, row, credentials);
      },
      present: (row, input) => {
        const credentials = pending.get(input);
        return credentials && issued.has(credentials) ? { ...row, robot_secret: credentials.secret } : row;
      },
    },
  };
}

import { IdentityPermissionName as P, RobotCreateSchema, RobotUpdateSchema } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { generateRobotSecret } from '../crypto/secrets.ts';
import { realms, robots, users } from '../db/identity.ts';
import { MASTER_REALM_NAME } from '../seed/seed.ts';
import { idOrNameLookup } from './helpers.ts';
import type { RobotVault } from '../vault/robot-vault.ts';
import { plainSecretOf, secretIdentityHooks } from './secrets.ts';

const secretHooks = secretIdentityHooks('robot', generateRobotSecret);

/**
 * Robots. `systemRobotName` (SYSTEM_ROBOT_NAME) is the robot of the master realm that every start
 * seeds by name: it keeps its name, as the master realm does, or the next start would seed a second
 * robot holding the admin role.
 */
export function robotResource(systemRobotName: string, vault?: RobotVault): ResourceDefinition {
  /**
   * Plain secrets set by a write, by the hash stored for them, until the write's `afterWrite` puts
   * them into the vault (the stored row only has the hash; the plain secret never touches it).
   */
  const forVault = new Map<string, string>();
  const remember = (prepared: Row, input: Row) => {
    const plain = plainSecretOf(input);
    if (vault?.enabled && plain && typeof prepared.secret === 'string') forVault.set(prepared.secret, plain);
    return prepared;
  };
  return {
    path: 'robots',
    entityType: 'robot',
    label: 'robot',
    table: robots,
    query: defineResourceQuery({
      table: robots,
      fields: {
        default: [
          'id',
          'name',
          'display_name',
          'description',
          'active',
          'user_id',
          'client_id',
          'realm_id',
          'created_at',
          'updated_at',
        ],
        hidden: ['secret'],
      },
      filters: ['id', 'name', 'display_name', 'active', 'realm_id', 'user_id'],
      search: ['name', 'display_name'],
      sorts: ['name', 'display_name', 'created_at', 'updated_at'],
      defaultSort: { created_at: 'DESC' },
      relations: {
        realm: {
          table: realms,
          localKey: 'realm_id',
          foreignKey: 'id',
        },
        user: {
          table: users,
          localKey: 'user_id',
          foreignKey: 'id',
        },
      },
    }),
    permissions: {
      read: [P.ROBOT_READ, P.ROBOT_UPDATE, P.ROBOT_DELETE],
      create: [P.ROBOT_CREATE],
      update: [P.ROBOT_UPDATE],
      delete: [P.ROBOT_DELETE],
    },
    createSchema: RobotCreateSchema,
    updateSchema: RobotUpdateSchema,
    realmColumn: robots.realm_id,
    lookup: idOrNameLookup(robots),
    // A robot may read itself (e.g. to check its integrity).
    self: {
      isSelf: (request, row) => request.identity?.type === 'robot' && request.identity.id === row.id,
      updatable: [],
    },
    allowPut: true,
    hooks: {
      ...secretHooks,
      prepareCreate: async (input, context) =>
        remember(await secretHooks.prepareCreate!(input, context), input),
      // With a vault: a new robot's or a replaced secret is written to `robots/<name>`, a deleted robot's
      // entry removed, inside the write's transaction, so a vault that cannot be written undoes the write.
      afterWrite: async (row, event) => {
        if (!vault?.enabled) return;
        if (event === 'deleted') {
          await vault.remove(row.name as string);
          return;
        }
        const plain = typeof row.secret === 'string' ? forVault.get(row.secret) : undefined;
        if (!plain) return;
        forVault.delete(row.secret as string);
        await vault.save({ id: row.id as string, name: row.name as string }, plain);
      },
      prepareUpdate: async (existing, input, context) => {
        const renaming = input.name != null && input.name !== existing.name;
        if (renaming && existing.name === systemRobotName) {
          const [realm] = await context.db
            .select({ name: realms.name })
            .from(realms)
            .where(eq(realms.id, existing.realm_id as string));
          if (realm?.name === MASTER_REALM_NAME) throw badRequest('The system robot can not be renamed.');
        }
        return remember(await secretHooks.prepareUpdate!(existing, input, context), input);
      },
    },
  };
}

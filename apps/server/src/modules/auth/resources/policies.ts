import {
  IdentityPermissionName as P,
  identityName,
  optionalIdentityText,
  identityText,
  identityId,
} from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '#platform/db/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { policies, realms } from '../db/identity.ts';
import { defined, idOrNameLookup, realmForCreate } from './helpers.ts';
import { splitPolicyBody, validatePolicySettings } from './policy-settings.ts';

const common = {
  name: identityName(3, 128),
  display_name: optionalIdentityText(3, 256),
  description: optionalIdentityText(5, 4096),
  invert: z.boolean().optional(),
  parent_id: identityId().nullish(),
};

/** A policy may only hang below a composite of its own realm, and never below itself or a descendant. */
async function assertValidParent(db: Executor, parentId: unknown, realmId: unknown, selfId?: string) {
  if (typeof parentId !== 'string') return;
  let cursor: string | null = parentId;
  for (let depth = 0; cursor && depth < 64; depth += 1) {
    if (cursor === selfId) throw badRequest('A policy can not be its own descendant.');
    const [row]: Array<{ id: string; type: string; parent_id: string | null; realm_id: string | null }> =
      await db
        .select({
          id: policies.id,
          type: policies.type,
          parent_id: policies.parent_id,
          realm_id: policies.realm_id,
        })
        .from(policies)
        .where(eq(policies.id, cursor));
    if (!row) throw badRequest('The parent policy does not exist.');
    if (depth === 0) {
      if (row.type !== 'composite') throw badRequest('The parent policy must be of type composite.');
      if ((row.realm_id ?? null) !== (realmId ?? null))
        throw badRequest('The parent policy must be of the same realm.');
    }
    cursor = row.parent_id;
  }
}

/** Stored rows keep settings in `config`; the API shows them flat, as the original did. */
function flatten(row: Row): Row {
  const { config, ...rest } = row;
  return config && typeof config === 'object' ? { ...(config as Row), ...rest } : rest;
}

export const policyResource: ResourceDefinition = {
  path: 'policies',
  entityType: 'policy',
  label: 'policy',
  table: policies,
  query: defineResourceQuery({
    table: policies,
    fields: {
      default: [
        'id',
        'built_in',
        'type',
        'name',
        'display_name',
        'description',
        'invert',
        'config',
        'parent_id',
        'realm_id',
        'created_at',
        'updated_at',
      ],
    },
    filters: ['id', 'name', 'type', 'parent_id', 'realm_id', 'built_in'],
    sorts: ['name', 'display_name', 'type', 'created_at', 'updated_at'],
    defaultSort: { name: 'ASC' },
    relations: {
      realm: {
        table: realms,
        localKey: 'realm_id',
        foreignKey: 'id',
      },
      parent: { table: policies, localKey: 'parent_id', foreignKey: 'id', fields: ['id', 'name', 'type'] },
    },
  }),
  permissions: {
    read: [P.PERMISSION_READ, P.PERMISSION_CREATE, P.PERMISSION_UPDATE, P.PERMISSION_DELETE],
    create: [P.PERMISSION_CREATE],
    update: [P.PERMISSION_UPDATE],
    delete: [P.PERMISSION_DELETE],
  },
  // Type settings are checked per type in the hooks, so unknown keys pass this first check.
  createSchema: z.object({ ...common, type: identityText(3, 64), realm_id: identityId().nullish() }).loose(),
  updateSchema: z.object(common).partial().loose(),
  realmColumn: policies.realm_id,
  lookup: idOrNameLookup(policies),
  allowPut: true,
  hooks: {
    prepareCreate: async (input, { request, db }) => {
      const { base, settings } = splitPolicyBody(input);
      const realmId = realmForCreate(request, input, true);
      await assertValidParent(db, base.parent_id, realmId);
      return {
        ...base,
        realm_id: realmId,
        built_in: false,
        config: validatePolicySettings(String(base.type), settings),
      };
    },
    prepareUpdate: async (existing, input, { db }) => {
      const { base, settings } = splitPolicyBody(input);
      if (base.type !== undefined && base.type !== existing.type)
        throw badRequest('The type of a policy can not be changed.');
      delete base.type;
      await assertValidParent(db, base.parent_id, existing.realm_id, existing.id as string);
      const update = defined(base);
      if (Object.keys(settings).length > 0) {
        // Settings replace the stored ones as a whole, so a cleared day field really disappears.
        update.config = validatePolicySettings(String(existing.type), {
          ...(existing.config as Row),
          ...settings,
        });
      }
      return update;
    },
    toResponse: flatten,
  },
};

import {
  AnalysisPermissionCreateSchema,
  AnalysisPermissionUpdateSchema,
  CoreEntityType,
  PlatformPermissionName as P,
} from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import { badRequest, forbidden } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceAccess, ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { permissions, policies } from '#modules/auth/index.ts';
import { analysisPermissions } from '../db/index.ts';
import { ANALYSIS_READERS } from './access-rules.ts';
import { referencedAnalysis } from './analysis-lookup.ts';

async function assertPolicyExists(db: Executor, id: unknown): Promise<void> {
  if (typeof id !== 'string') return;
  const [row] = await db.select({ id: policies.id }).from(policies).where(eq(policies.id, id));
  if (!row) throw badRequest('The policy does not exist.');
}

/**
 * Permissions granted to an analysis (docs/product/analysis-platform.md §6: assignable, without effect yet).
 * Only a caller who holds a permission may hand it on (docs/design.md §5).
 */
export function analysisPermissionResource(access: ResourceAccess): ResourceDefinition {
  return {
    path: 'analysis-permissions',
    entityType: CoreEntityType.ANALYSIS_PERMISSION,
    label: 'analysis permission',
    table: analysisPermissions,
    query: defineResourceQuery({
      table: analysisPermissions,
      fields: {
        default: [
          'id',
          'analysis_id',
          'analysis_realm_id',
          'permission_id',
          'permission_realm_id',
          'policy_id',
          'created_at',
          'updated_at',
        ],
      },
      filters: [
        'id',
        'analysis_id',
        'analysis_realm_id',
        'permission_id',
        'permission_realm_id',
        'policy_id',
      ],
      sorts: ['created_at', 'updated_at'],
      defaultSort: { created_at: 'DESC' },
      relations: {
        permission: {
          table: permissions,
          localKey: 'permission_id',
          foreignKey: 'id',
          filters: ['name'],
        },
      },
    }),
    permissions: {
      read: [...ANALYSIS_READERS],
      create: [P.ANALYSIS_UPDATE],
      update: [P.ANALYSIS_UPDATE],
      delete: [P.ANALYSIS_UPDATE],
    },
    createSchema: AnalysisPermissionCreateSchema,
    updateSchema: AnalysisPermissionUpdateSchema,
    realmColumn: [analysisPermissions.analysis_realm_id, analysisPermissions.permission_realm_id],
    // Changes are edits of the analysis, decided in its realm.
    attributesOf: (row) => ({ ...row, realm_id: row.analysis_realm_id }),
    hooks: {
      prepareCreate: async (input, { request, db }) => {
        const analysis = await referencedAnalysis(db, access, request, input.analysis_id as string);
        const [permission] = await db
          .select({ id: permissions.id, name: permissions.name, realm_id: permissions.realm_id })
          .from(permissions)
          .where(eq(permissions.id, input.permission_id as string));
        if (!permission) throw badRequest('The permission does not exist.');
        await access.preCheck(request, [permission.name]).catch(() => {
          throw forbidden(`You don't own the permission ${permission.name}`);
        });
        await assertPolicyExists(db, input.policy_id);
        return {
          analysis_id: analysis.id,
          analysis_realm_id: analysis.realm_id,
          permission_id: permission.id,
          permission_realm_id: permission.realm_id,
          policy_id: input.policy_id ?? null,
        } satisfies Row;
      },
      prepareUpdate: async (_existing, input, { db }) => {
        await assertPolicyExists(db, input.policy_id);
        return { policy_id: input.policy_id ?? null };
      },
    },
  };
}

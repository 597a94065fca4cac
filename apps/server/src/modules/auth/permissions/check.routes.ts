import { AccessError, PermissionChecker, PermissionError, type PolicyInput } from '@federa/policy';
import {
  ExpandedPolicySchema,
  IdentityPermissionName as P,
  PolicyCheckOutcomeSchema,
  type PolicyCheckOutcome,
} from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#platform/db/index.ts';
import { notFound } from '#platform/http/errors.ts';
import { permissions, policies } from '../db/identity.ts';
import { findSubject } from '../identity/subjects.ts';
import { loadExpandedPolicy } from '../policies/expanded.ts';
import { loadPolicyConfig, type PolicySources } from '../policies/policy-tree.ts';
import { UUID_PATTERN } from '../realms/resolve-realm.ts';
import { MASTER_REALM_NAME } from '../seed/seed.ts';
import { DEFAULT_POLICY, type Authorizer } from './authorizer.ts';

const IdParams = z.object({ id: z.string().regex(UUID_PATTERN, 'The value must be a valid id.') });

/** What to evaluate against: by default the caller, now, and no record (a pre-check). */
const CheckBody = z
  .object({
    identity: z
      .object({
        type: z.enum(['user', 'robot', 'client']),
        id: z.uuid(),
        realmId: z.uuid().nullish(),
        realmName: z.string().min(3).max(128).nullish(),
        clientId: z.uuid().nullish(),
      })
      .optional(),
    attributes: z.record(z.string(), z.unknown()).optional(),
    dateTime: z.union([z.string(), z.number()]).optional(),
  })
  .nullish();

/** Whether the evaluation granted, or why not, with the stored policy that denied (the "check access" tool). */
type Outcome = PolicyCheckOutcome;

function failure(error: unknown, sources?: PolicySources): Outcome {
  if (error instanceof AccessError) {
    const policy = error instanceof PermissionError && error.policy ? sources?.get(error.policy) : undefined;
    return {
      status: 'error',
      data: {
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...(policy ? { policy } : {}),
      },
    };
  }
  throw error;
}

/**
 * `POST permissions/{id}/check` and `POST policies/{id}/check` evaluate for real and report the
 * outcome (the original reported success for any policy that evaluated without an error);
 * `GET policies/{id}/expanded` shows a policy tree.
 */
export function registerCheckRoutes(app: FastifyInstance, db: Database, authorizer: Authorizer): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const readers = [P.PERMISSION_READ, P.PERMISSION_UPDATE, P.PERMISSION_CREATE, P.PERMISSION_DELETE];

  const visible = (request: FastifyRequest, table: typeof permissions | typeof policies, id: string) =>
    and(eq(table.id, id), authorizer.visibleRows(request, table.realm_id));

  /**
   * The identity to evaluate for. Outside the master realm a caller may only name identities of its
   * own realm (as it sees only those records), and their realm is the caller's whatever the body
   * claims; otherwise the check would tell it what another realm's users or robots may do.
   */
  const identityOf = async (
    request: FastifyRequest,
    named: NonNullable<z.infer<typeof CheckBody>>['identity'],
  ): Promise<PolicyInput['identity']> => {
    if (!named) return authorizer.policyIdentity(request);
    const caller = request.identity;
    if (!caller || caller.realmName === MASTER_REALM_NAME) return named;
    const subject = await findSubject(db, named.type, named.id);
    if (subject?.realm_id !== caller.realmId) throw notFound(`The ${named.type} was not found.`);
    return { ...named, realmId: caller.realmId, realmName: caller.realmName };
  };

  const inputOf = async (
    request: FastifyRequest,
    body: z.infer<typeof CheckBody>,
  ): Promise<Omit<PolicyInput, 'permission'>> => ({
    identity: await identityOf(request, body?.identity),
    attributes: body?.attributes,
    dateTime: body?.dateTime,
  });

  typed.post(
    '/permissions/:id/check',
    {
      schema: {
        tags: ['permissions'],
        summary: 'Evaluate a permission',
        params: IdParams,
        body: CheckBody,
        response: { 202: PolicyCheckOutcomeSchema },
      },
    },
    async (request, reply): Promise<Outcome> => {
      await authorizer.preCheck(request, readers);
      const [permission] = await db
        .select()
        .from(permissions)
        .where(visible(request, permissions, request.params.id));
      if (!permission) throw notFound('The permission was not found.');
      const sources: PolicySources = new WeakMap();
      const policy = permission.policy_id
        ? await loadPolicyConfig(db, permission.policy_id, sources)
        : undefined;
      const item = {
        name: permission.name,
        realmId: permission.realm_id,
        clientId: permission.client_id,
        policy: policy ?? DEFAULT_POLICY,
      };
      const checker = new PermissionChecker({
        provider: { get: () => item },
        engine: authorizer.engine,
        realmId: permission.realm_id,
        clientId: permission.client_id,
      });
      const context = { name: permission.name, input: await inputOf(request, request.body) };
      void reply.status(202);
      try {
        // Without a record only the record-independent policies can be decided (pre-check).
        if (request.body?.attributes) await checker.check(context);
        else await checker.preCheck(context);
        return { status: 'success' };
      } catch (error) {
        return failure(error, sources);
      }
    },
  );

  typed.post(
    '/policies/:id/check',
    {
      schema: {
        tags: ['policies'],
        summary: 'Evaluate a policy',
        params: IdParams,
        body: CheckBody,
        response: { 202: PolicyCheckOutcomeSchema },
      },
    },
    async (request, reply): Promise<Outcome> => {
      await authorizer.preCheck(request, readers);
      const [row] = await db
        .select({ id: policies.id })
        .from(policies)
        .where(visible(request, policies, request.params.id));
      const config = row ? await loadPolicyConfig(db, row.id) : undefined;
      if (!config) throw notFound('The policy was not found.');
      void reply.status(202);
      try {
        const decision = await authorizer.engine.decide(config, await inputOf(request, request.body));
        return decision.granted
          ? { status: 'success' }
          : {
              status: 'error',
              data: {
                statusCode: 403,
                code: 'policy_denied',
                message: `The policy ${String(decision.failedPolicy?.type ?? config.type)} was not satisfied.`,
              },
            };
      } catch (error) {
        return failure(error);
      }
    },
  );

  typed.get(
    '/policies/:id/expanded',
    {
      schema: {
        tags: ['policies'],
        summary: 'A policy with its descendants',
        params: IdParams,
        response: { 200: ExpandedPolicySchema },
      },
    },
    async (request) => {
      await authorizer.preCheck(request, readers);
      const [row] = await db
        .select({ id: policies.id })
        .from(policies)
        .where(visible(request, policies, request.params.id));
      const expanded = row ? await loadExpandedPolicy(db, row.id) : undefined;
      if (!expanded) throw notFound('The policy was not found.');
      return expanded;
    },
  );
}

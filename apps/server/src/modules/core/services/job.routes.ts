import { JobListSchema, JobSchema, PlatformPermissionName as P } from '@federa/schemas';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#platform/db/index.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import type { ResourceAccess } from '#platform/http/resource/index.ts';
import { JOB_STATUSES } from '#platform/jobs/job-queue.ts';
import type { Jobs } from '../builds/jobs.ts';
import { analysisTasks, serviceTasks } from '../db/index.ts';
import { isMasterRealm } from '../shared/realms.ts';

const PERMISSIONS = [P.SERVICE_MANAGE];
const Query = z.object({
  status: z.enum(JOB_STATUSES, `The status must be one of ${JOB_STATUSES.join(', ')}.`).optional(),
  /** The analysis (builds) or registry / registry project (service commands) a job works on. */
  target_id: z.uuid('The target must be a valid id.').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const Params = z.object({ id: z.uuid('The value must be a valid id.') });

/** One job as the operator sees it, whichever queue it is in. */
function present(row: Record<string, unknown>, queue: 'analysis' | 'service'): z.infer<typeof JobSchema> {
  return {
    id: String(row.id),
    queue,
    name: queue === 'analysis' ? String(row.task) : `${String(row.service)}.${String(row.command)}`,
    target_id: ((queue === 'analysis' ? row.analysis_id : row.target_id) as string | null) ?? null,
    status: String(row.status),
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
    run_at: row.run_at,
    last_error: (row.last_error as string | null) ?? null,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

/**
 * The operator's view of the job queues: `GET /jobs?status=failed&target_id=…` lists jobs (newest
 * first) with their attempts and last error; `POST /jobs/{id}/retry` queues a failed registry job again. A
 * failed build is restarted with the analysis's buildStart command instead, so the analysis's
 * status follows.
 */
export function jobRoutes(
  app: FastifyInstance,
  options: { db: Database; access: ResourceAccess; jobs: Jobs },
): void {
  const { db, access, jobs } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const guard = async (request: Parameters<ResourceAccess['preCheck']>[0]) => {
    await access.preCheck(request, PERMISSIONS);
    // Jobs belong to no realm: only the hub operator's realm sees them.
    if (!isMasterRealm(request)) throw notFound('The requested resource was not found.');
  };

  typed.get(
    '/jobs',
    {
      schema: {
        tags: ['services'],
        summary: 'List background jobs',
        querystring: Query,
        response: { 200: JobListSchema },
      },
    },
    async (request) => {
      await guard(request);
      const { status, target_id: targetId, limit } = request.query;
      const matching = (
        statusColumn: typeof analysisTasks.status | typeof serviceTasks.status,
        targetColumn: typeof analysisTasks.analysis_id | typeof serviceTasks.target_id,
      ): SQL | undefined =>
        and(status ? eq(statusColumn, status) : undefined, targetId ? eq(targetColumn, targetId) : undefined);
      const analysisRows = await db
        .select()
        .from(analysisTasks)
        .where(matching(analysisTasks.status, analysisTasks.analysis_id))
        .orderBy(desc(analysisTasks.created_at))
        .limit(limit);
      const serviceRows = await db
        .select()
        .from(serviceTasks)
        .where(matching(serviceTasks.status, serviceTasks.target_id))
        .orderBy(desc(serviceTasks.created_at))
        .limit(limit);
      const data = [
        ...analysisRows.map((row) => present(row, 'analysis')),
        ...serviceRows.map((row) => present(row, 'service')),
      ]
        .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))
        .slice(0, limit);
      return { data, meta: { total: data.length, limit, offset: 0 } };
    },
  );

  typed.post(
    '/jobs/:id/retry',
    {
      schema: {
        tags: ['services'],
        summary: 'Retry a failed job',
        params: Params,
        response: { 202: JobSchema },
      },
    },
    async (request, reply) => {
      await guard(request);
      const { id } = request.params;
      const [build] = await db
        .select({ id: analysisTasks.id })
        .from(analysisTasks)
        .where(eq(analysisTasks.id, id));
      if (build) throw badRequest('A failed build is started again with the analysis command buildStart.');
      const [job] = await db.select().from(serviceTasks).where(eq(serviceTasks.id, id));
      if (!job) throw notFound('The job was not found.');
      const retried = await jobs.serviceQueue.retry(id);
      if (!retried) throw badRequest(`Only a failed job can be retried; this one is ${job.status}.`);
      jobs.nudge();
      return reply.status(202).send(present(retried, 'service'));
    },
  );
}

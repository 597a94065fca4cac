import { JobListSchema, type Job } from '@federa/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../session/session-context.tsx';

/** One background job as `GET /core/jobs` lists it. */
export type CommandJob = Job;

/** While a job is waiting or running its status is read again this often. */
export const JOB_POLL_MS = 1000;

const isUnderway = (job: CommandJob | undefined): boolean =>
  job?.status === 'queued' || job?.status === 'running';

/**
 * The newest job of one registry command (`registry.setup`, `registry.cleanup`) for one registry, read
 * again every second while it is queued or running. The job list is for the hub operator's realm
 * with `service_manage`; anybody else gets `undefined` and the panel says only that the command was
 * accepted.
 */
export function useCommandJob(registryId: string, command: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['jobs', registryId, command],
    queryFn: async () => {
      const listed = await api.get('core', `jobs?target_id=${encodeURIComponent(registryId)}&limit=20`, {
        schema: JobListSchema,
      });
      return listed.data.find((job) => job.name === `registry.${command}`) ?? null;
    },
    retry: false,
    refetchInterval: (current) => (isUnderway(current.state.data ?? undefined) ? JOB_POLL_MS : false),
  });
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['jobs', registryId, command] }),
    [queryClient, registryId, command],
  );
  const retry = useCallback(
    async (jobId: string) => {
      await api.post('core', `jobs/${encodeURIComponent(jobId)}/retry`, {});
      await refresh();
    },
    [api, refresh],
  );
  return { job: query.data ?? undefined, readable: !query.isError, refresh, retry };
}

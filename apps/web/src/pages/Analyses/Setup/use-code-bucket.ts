import { AnalysisBucketType } from '@federa/schemas';
import { listResponseOf } from '@federa/client';
import { useQuery } from '@tanstack/react-query';
import { hubResources } from '../../../resources/hub-resources.ts';
import { resourceKey } from '../../../resources/resource-types.ts';
import { useResourceList } from '../../../resources/use-resource-list.ts';
import { useApiClient } from '../../../session/session-context.tsx';

/** The CODE bucket of an analysis (null while it does not exist). */
export function useCodeBucket(analysisId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...resourceKey(hubResources.analysisBuckets), 'code', analysisId],
    queryFn: async ({ signal }) => {
      const page = await api.get('core', 'analysis-buckets', {
        query: { filter: { analysis_id: analysisId, type: AnalysisBucketType.CODE } },
        signal,
        schema: listResponseOf(hubResources.analysisBuckets.schema),
      });
      return page.data[0] ?? null;
    },
  });
}

/** The files of the CODE bucket (live), sorted by name; 50 at a time. */
export function useCodeFiles(analysisId: string, bucketId: string | undefined) {
  return useResourceList({
    resource: hubResources.analysisBucketFiles,
    query: { filter: { analysis_id: analysisId, bucket_id: bucketId ?? '' }, sort: { name: 'ASC' } },
    searchField: null,
    limit: 50,
    enabled: !!bucketId,
  });
}

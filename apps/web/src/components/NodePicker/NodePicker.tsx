import { listResponseOf } from '@federa/client';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { hubResources, type HubNode } from '../../resources/hub-resources.ts';
import { resourceKey } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { SearchSelect } from '../SearchSelect/SearchSelect.tsx';

export interface NodePickerProps {
  readonly value: string | null;
  readonly onChange: (node: HubNode | null) => void;
  readonly label: string;
  /** Ids not to offer (already chosen). */
  readonly exclude?: readonly string[];
}

/** Searchable node choice, 10 at first and 10 more on scroll; hidden nodes are never offered. */
export function NodePicker({ value, onChange, label, exclude = [] }: NodePickerProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const excluded = new Set(exclude);
  const load = useCallback(
    async ({
      search,
      offset,
      limit,
      signal,
    }: {
      search: string;
      offset: number;
      limit: number;
      signal?: AbortSignal;
    }) => {
      const filter: Record<string, string | boolean> = { hidden: false };
      if (search.trim()) filter.name = `~${search.trim()}`;
      return api.get('core', 'nodes', {
        query: { filter, sort: { name: 'ASC' }, page: { limit, offset } },
        signal,
        schema: listResponseOf(hubResources.nodes.schema),
      });
    },
    [api],
  );
  return (
    <SearchSelect<HubNode>
      label={label}
      load={async (options) => {
        const page = await load(options);
        return { ...page, data: page.data.filter((node) => !excluded.has(node.id)) };
      }}
      queryKey={[...resourceKey(hubResources.nodes), 'picker', [...excluded].sort().join(',')]}
      getValue={(node) => node.id}
      getLabel={(node) => `${node.name} (${node.type})`}
      value={value}
      onChange={(_, node) => onChange(node)}
      placeholder={t('app.select.placeholder')}
    />
  );
}

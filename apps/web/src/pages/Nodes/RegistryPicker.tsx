import { listResponseSchema, RegistrySchema } from '@federa/schemas';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../components/SearchSelect/SearchSelect.tsx';
import type { Registry } from '../../resources/admin-hub-resources.ts';
import { useApiClient } from '../../session/session-context.tsx';

/** The picker reads names and hosts only (`fields=id,name,host`). */
const RegistryChoiceListSchema = listResponseSchema(
  RegistrySchema.pick({ id: true, name: true, host: true }),
);

export interface RegistryPickerProps {
  readonly value: string | null;
  readonly onChange: (value: string | null) => void;
  readonly initialRegistry?: Pick<Registry, 'id' | 'name' | 'host'> | null;
  readonly error?: ReactNode;
}

/** Picks a registry by name (10 at a time), or none. */
export function RegistryPicker({ value, onChange, initialRegistry, error }: RegistryPickerProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const load = useMemo(
    () =>
      ({
        search,
        offset,
        limit,
        signal,
      }: {
        search: string;
        offset: number;
        limit: number;
        signal?: AbortSignal;
      }) =>
        api.get('core', 'registries', {
          query: {
            filter: search.trim() ? { name: `~${search.trim()}` } : undefined,
            fields: ['id', 'name', 'host'],
            sort: { name: 'ASC' },
            page: { offset, limit },
          },
          signal,
          schema: RegistryChoiceListSchema,
        }),
    [api],
  );
  return (
    <SearchSelect<Pick<Registry, 'id' | 'name' | 'host'>>
      label={t('nodes.fields.registry')}
      description={t('nodes.fields.registryDescription')}
      queryKey={['core', 'registries', 'picker']}
      load={load}
      getValue={(registry) => registry.id}
      getLabel={(registry) => `${registry.name} (${registry.host})`}
      value={value}
      onChange={(next) => onChange(next)}
      initialItem={initialRegistry ?? null}
      placeholder={t('nodes.fields.noRegistry')}
      clearable
      clearLabel={t('app.select.clear')}
      error={error}
    />
  );
}

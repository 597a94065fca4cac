import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../session/session-context.tsx';
import type { ResourceListColumn } from '../ResourceList/ResourceList.tsx';

interface Named {
  readonly id: string;
  readonly name?: string | null;
  readonly display_name?: string | null;
  readonly built_in?: boolean;
  readonly realm_id?: string | null;
  readonly realm?: { readonly name: string } | null;
}

function BuiltInBadge() {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" ml="xs">
      {t('admin.fields.builtIn')}
    </Badge>
  );
}

/** The name of a realm by id (records that arrived live carry no included realm). */
function useRealmName(realmId: string | null | undefined, known: string | undefined): string | undefined {
  const api = useApiClient();
  const query = useQuery({
    queryKey: ['auth', 'realms', 'one', realmId, 'name'],
    queryFn: ({ signal }) =>
      api.get<{ name: string }>('auth', `realms/${encodeURIComponent(realmId ?? '')}`, {
        query: { fields: ['id', 'name'] },
        signal,
      }),
    enabled: !known && !!realmId,
    staleTime: Infinity,
    retry: false,
  });
  return known ?? query.data?.name;
}

function RealmName({ item }: { readonly item: Named }) {
  const { t } = useTranslation();
  const name = useRealmName(item.realm_id, item.realm?.name);
  if (!item.realm_id && !item.realm) {
    return (
      <Text span c="dimmed" size="sm">
        {t('admin.fields.global')}
      </Text>
    );
  }
  return <>{name ?? ''}</>;
}

/** Name (with a "built-in" badge) of identity records. */
export function nameColumn<T extends Named>(): ResourceListColumn<T> {
  return {
    key: 'name',
    header: 'admin.fields.name',
    render: (item) => (
      <>
        <Text span fw={500}>
          {item.name}
        </Text>
        {item.built_in && <BuiltInBadge />}
      </>
    ),
  };
}

export function displayNameColumn<T extends Named>(): ResourceListColumn<T> {
  return {
    key: 'display_name',
    header: 'admin.fields.displayName',
    render: (item) => item.display_name ?? '',
  };
}

/** The record's realm (needs `include: ['realm']`), "global" without one. */
export function realmColumn<T extends Named>(): ResourceListColumn<T> {
  return { key: 'realm', header: 'admin.fields.realm', render: (item) => <RealmName item={item} /> };
}

/** Name, display name and realm: the columns most identity lists show. */
export function identityColumns<T extends Named>(): ResourceListColumn<T>[] {
  return [nameColumn<T>(), displayNameColumn<T>(), realmColumn<T>()];
}

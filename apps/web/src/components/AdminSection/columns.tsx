import { RealmSchema } from '@federa/schemas';
import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../session/session-context.tsx';
import type { ResourceListColumn } from '../ResourceList/ResourceList.tsx';
import { RelativeTime } from '../RelativeTime/RelativeTime.tsx';

interface Named {
  readonly id: string;
  readonly name?: string | null;
  readonly display_name?: string | null;
  readonly built_in?: boolean;
  readonly realm_id?: string | null;
  readonly realm?: { readonly name?: string } | null;
  readonly created_at?: string | null;
  readonly updated_at?: string | null;
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
      api.get('auth', `realms/${encodeURIComponent(realmId ?? '')}`, {
        query: { fields: ['id', 'name'] },
        signal,
        schema: RealmSchema.pick({ id: true, name: true }),
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

/** Name (with a "built-in" badge) of identity records, linking to the record, sortable. */
export function nameColumn<T extends Named>(): ResourceListColumn<T> {
  return {
    key: 'name',
    header: 'admin.fields.name',
    sortKey: 'name',
    link: true,
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
    sortKey: 'display_name',
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

/** When the record was created, relative ("3 days ago"); sorts newest first on the first press. */
export function createdColumn<T extends Named>(): ResourceListColumn<T> {
  return {
    key: 'created_at',
    header: 'admin.list.createdAt',
    sortKey: 'created_at',
    sortFirst: 'DESC',
    render: (item) => <RelativeTime value={item.created_at} />,
  };
}

export function updatedColumn<T extends Named>(): ResourceListColumn<T> {
  return {
    key: 'updated_at',
    header: 'admin.list.updatedAt',
    sortKey: 'updated_at',
    sortFirst: 'DESC',
    render: (item) => <RelativeTime value={item.updated_at} />,
  };
}

/** The identity columns plus when each record was created and last changed: the identity lists. */
export function identityListColumns<T extends Named>(): ResourceListColumn<T>[] {
  return [...identityColumns<T>(), createdColumn<T>(), updatedColumn<T>()];
}

import type { PlainPhraseKey } from '@federa/phrases';
import { listResponseOf } from '@federa/client';
import type { ListQuery, ListResponse } from '@federa/schemas';
import { ActionIcon, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { parsedOrUndefined, type Identified } from '../../resources/live/live-list.ts';
import { useLiveUpdates } from '../../resources/live/use-live-updates.ts';
import { labelOf, resourceKey, type ResourceRef } from '../../resources/resource-types.ts';
import { useResourceList } from '../../resources/use-resource-list.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { ResourceList, type ResourceListColumn } from '../ResourceList/ResourceList.tsx';
import { modalCloseProps, notify } from '../Feedback/notify.ts';

/** A link record (user-role, role-permission, ...): its id and the two ids it joins. */
export type LinkRecord = Identified & Record<string, unknown>;

export interface AssignmentListProps<T extends Identified> {
  /** The records that may be assigned, e.g. `authResources.roles`. */
  readonly candidates: ResourceRef<T>;
  /** Fixed query of the candidates (realm filter, sort, include). */
  readonly candidateQuery?: ListQuery;
  /** The link resource, e.g. `authResources.userRoles`. */
  readonly link: ResourceRef<LinkRecord>;
  /** The side that stays fixed: `{ key: 'user_id', id: user.id }`. */
  readonly owner: { readonly key: string; readonly id: string };
  /** The link's column naming a candidate, e.g. `role_id`. */
  readonly candidateKey: string;
  /** Accessible name of the table. */
  readonly label: PlainPhraseKey;
  readonly columns: readonly ResourceListColumn<T>[];
  readonly itemName?: (item: T) => string;
  /** Holding the create permission of the link (otherwise no "assign" button). */
  readonly canAssign?: boolean;
  /** Holding the delete permission of the link (otherwise no "remove" button). */
  readonly canUnassign?: boolean;
  readonly searchField?: string | null;
}

/**
 * Candidates of an assignment, searchable and paged, each with a toggle: off to on creates the link
 * (`POST /{link}` with both ids), on to off deletes it. Links created or deleted elsewhere show up
 * live.
 */
export function AssignmentList<T extends Identified>({
  candidates,
  candidateQuery,
  link,
  owner,
  candidateKey,
  label,
  columns,
  itemName,
  canAssign = true,
  canUnassign = true,
  searchField = 'name',
}: AssignmentListProps<T>) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const list = useResourceList({ resource: candidates, query: candidateQuery, searchField });
  const ids = useMemo(() => (list.data?.data ?? []).map((item) => item.id), [list.data]);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const linkQuery: ListQuery = {
    filter: { [owner.key]: owner.id, [candidateKey]: ids },
    page: { limit: 50, offset: 0 },
  };
  const linksKey = [...resourceKey(link), 'list', 'assignments', owner.key, owner.id, ids] as const;
  const links = useQuery({
    queryKey: linksKey,
    queryFn: ({ signal }) =>
      api.get(link.service, link.path, { query: linkQuery, signal, schema: listResponseOf(link.schema) }),
    enabled: ids.length > 0,
  });

  const updateLinks = (change: (current: LinkRecord[]) => LinkRecord[]) =>
    queryClient.setQueryData<ListResponse<LinkRecord>>(linksKey, (current) =>
      current ? { ...current, data: change(current.data) } : current,
    );

  useLiveUpdates(link.type, (event, record: Record<string, unknown>) => {
    if (record[owner.key] !== owner.id) return;
    if (event === 'deleted') updateLinks((current) => current.filter((item) => item.id !== record.id));
    else if (!(links.data?.data ?? []).some((item) => item.id === record.id)) {
      const created = parsedOrUndefined(link.schema, record);
      if (created) updateLinks((current) => [...current, created]);
      else void queryClient.invalidateQueries({ queryKey: linksKey, exact: true });
    }
  });

  const linkOf = (candidateId: string) => links.data?.data.find((item) => item[candidateKey] === candidateId);

  const change = async (item: T, existing: LinkRecord | undefined) => {
    const name = nameOf(item);
    setBusy((current) => new Set(current).add(item.id));
    try {
      if (existing) {
        await api.delete(link.service, `${link.path}/${encodeURIComponent(existing.id)}`);
        updateLinks((current) => current.filter((entry) => entry.id !== existing.id));
      } else {
        const created = await api.post(
          link.service,
          link.path,
          { [owner.key]: owner.id, [candidateKey]: item.id },
          { schema: link.schema },
        );
        updateLinks((current) =>
          current.some((entry) => entry.id === created.id) ? current : [...current, created],
        );
      }
      // Say what happened: the toggle alone changes too quietly to be sure of it.
      notify(t, {
        color: 'green',
        message: t(existing ? 'identityAdmin.assignment.removed' : 'identityAdmin.assignment.assigned', {
          name,
        }),
      });
    } catch (error) {
      notify(t, {
        color: 'red',
        title: t('admin.assignment.failed'),
        message: t(errorPhraseKey(error)),
      });
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(item.id);
        return next;
      });
    }
  };

  /** Assigning is done at once; removing takes away access, so it asks first. */
  const toggle = (item: T) => {
    const existing = linkOf(item.id);
    if (!existing) return void change(item, undefined);
    const name = nameOf(item);
    modals.openConfirmModal({
      ...modalCloseProps(t),
      title: t('identityAdmin.assignment.removeTitle'),
      children: <Text size="sm">{t('identityAdmin.assignment.removeConfirm', { name })}</Text>,
      labels: { confirm: t('identityAdmin.assignment.removeButton'), cancel: t('admin.list.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void change(item, existing),
    });
  };

  const nameOf = (item: T) => itemName?.(item) ?? labelOf(item);

  return (
    <ResourceList
      resource={candidates}
      state={list}
      label={label}
      columns={columns}
      itemName={nameOf}
      searchField={searchField}
      rowActions={(item) => {
        if (links.isPending && ids.length > 0) return <Loader size="xs" aria-hidden />;
        const assigned = linkOf(item.id) !== undefined;
        const allowed = assigned ? canUnassign : canAssign;
        const name = nameOf(item);
        return (
          <ActionIcon
            variant={assigned ? 'filled' : 'default'}
            color={assigned ? 'red' : undefined}
            aria-label={t(assigned ? 'admin.assignment.unassign' : 'admin.assignment.assign', { name })}
            disabled={!allowed}
            loading={busy.has(item.id)}
            onClick={() => toggle(item)}
          >
            {assigned ? <IconMinus size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />}
          </ActionIcon>
        );
      }}
    />
  );
}

import type { PlainPhraseKey } from '@federa/phrases';
import type { SortDirection } from '@federa/schemas';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconChevronRight, IconSearch, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import type { Identified } from '../../resources/live/live-list.ts';
import { labelOf } from '../../resources/resource-types.ts';
import {
  useResourceList,
  type ResourceListState,
  type UseResourceListOptions,
} from '../../resources/use-resource-list.ts';
import { EmptyListText } from '../EmptyListText/EmptyListText.tsx';
import { Pagination } from '../Pagination/Pagination.tsx';
import { useDeleteConfirmation } from './use-delete-confirmation.tsx';
import { BusyIndicator } from '../BusyIndicator/BusyIndicator.tsx';
import { PAGE_SIZES } from '../../resources/page-size-storage.ts';
import type { ListCountNoun } from './list-count.ts';
import classes from './ResourceList.module.css';
import { SortableHeader } from './SortableHeader.tsx';

export interface ResourceListColumn<T> {
  readonly key: string;
  /** Column heading (a phrase key). */
  readonly header: PlainPhraseKey;
  readonly render: (item: T) => ReactNode;
  /** Field the server orders by when the heading is pressed; the column is not sortable without. */
  readonly sortKey?: string;
  /** Order of the first press on the heading (newest first suits dates). ASC by default. */
  readonly sortFirst?: SortDirection;
  /** The cell links to the record (`detailPath`), as the name of a row does. */
  readonly link?: boolean;
}

export interface ResourceListProps<T extends Identified> extends UseResourceListOptions<T> {
  /** Accessible name of the table, e.g. `admin.users.title`. */
  readonly label: PlainPhraseKey;
  readonly columns: readonly ResourceListColumn<T>[];
  /** The text a person recognises a row by (aria labels, delete question); display name or name by default. */
  readonly itemName?: (item: T) => string;
  /** Link target of the row's open button, e.g. `(user) => user.id` (relative) or `/admin/users/${id}`. */
  readonly detailPath?: (item: T) => string;
  /** Shows a delete button per row (with confirmation); a function decides per row. */
  readonly canDelete?: boolean | ((item: T) => boolean);
  readonly onDeleted?: (item: T) => void;
  /** Further buttons per row, rendered before open and delete. */
  readonly rowActions?: (item: T) => ReactNode;
  /** Shown instead of the list when it is empty; "No more items available..." by default. */
  readonly emptyPhrase?: PlainPhraseKey;
  /** Placed next to the search box (e.g. a filter). */
  readonly toolbar?: ReactNode;
  /** What the total above the list counts ("94 permissions"); "entries" by default. */
  readonly countNoun?: ListCountNoun;
  /** Placeholder of the search box, naming the fields it searches; "Search by name…" by default. */
  readonly searchPlaceholder?: PlainPhraseKey;
  /** The list state from `useResourceList`, when the page needs it too (otherwise created inside). */
  readonly state?: ResourceListState<T>;
}

/**
 * A searchable, paged table of one resource with live updates: search box (prefix match on
 * `searchField`, debounced 200 ms), the total, headings that order the list on the server, 10 rows
 * per page or another size the person picks (remembered per list), loading and error states, "No
 * more items available..." when empty, open and delete (confirmed in a modal) per row. The actions
 * stay at the right edge while a narrow table scrolls sideways inside its own container.
 */
export function ResourceList<T extends Identified>(props: ResourceListProps<T>) {
  const ownState = useResourceList({
    ...props,
    pageSizeKey: `${props.resource.service}/${props.resource.path}`,
    enabled: props.enabled !== false && !props.state,
  });
  const state = props.state ?? ownState;
  return <ResourceListView {...props} state={state} />;
}

function ResourceListView<T extends Identified>({
  label,
  columns,
  itemName = labelOf,
  detailPath,
  canDelete = false,
  onDeleted,
  rowActions,
  emptyPhrase,
  toolbar,
  searchField = 'name',
  countNoun = 'entries',
  searchPlaceholder = 'admin.list.searchPlaceholder',
  resource,
  state,
}: ResourceListProps<T> & { readonly state: ResourceListState<T> }) {
  const { t } = useTranslation();
  const confirmDelete = useDeleteConfirmation(resource, {
    onDeleted: (item) => {
      // The last record of a later page went away: show the page before.
      if (state.data?.data.length === 1 && state.offset > 0) state.setOffset(state.offset - state.limit);
      onDeleted?.(item);
    },
  });
  const { data, error, isPending, isFetching } = state;
  const deletable = (item: T) => (typeof canDelete === 'function' ? canDelete(item) : canDelete);
  const hasActions = Boolean(rowActions || detailPath || canDelete);
  const [sortField, sortDirection] = Object.entries(state.sort ?? {})[0] ?? [];
  const cell = (column: ResourceListColumn<T>, item: T) =>
    column.link && detailPath ? (
      <Anchor component={Link} to={detailPath(item)} c="inherit" underline="hover">
        {column.render(item)}
      </Anchor>
    ) : (
      column.render(item)
    );

  return (
    <Stack gap="sm">
      {(searchField !== null || toolbar) && (
        <Group align="end" gap="sm">
          {searchField !== null && (
            <TextInput
              type="search"
              label={t('admin.list.search')}
              placeholder={t(searchPlaceholder)}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={state.search}
              onChange={(event) => state.setSearch(event.currentTarget.value)}
              rightSection={isFetching && data ? <Loader size="xs" aria-hidden /> : undefined}
              style={{ flex: 1 }}
              maw={420}
            />
          )}
          {toolbar}
        </Group>
      )}

      {data && data.data.length > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          <ListCount noun={countNoun} total={data.meta.total} estimated={data.meta.estimated === true} />
        </Text>
      )}

      {error !== null && !data ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          title={t('admin.list.loadFailed')}
        >
          <Stack gap="xs" align="start">
            {t(errorPhraseKey(error))}
            <Button size="xs" variant="light" onClick={state.refetch}>
              {t('admin.list.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : isPending ? (
        <Center py="lg">
          <BusyIndicator label={t('admin.list.loading')} />
        </Center>
      ) : !data || data.data.length === 0 ? (
        <EmptyListText phrase={emptyPhrase} />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover aria-label={t(label)} aria-busy={isFetching}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) =>
                  column.sortKey ? (
                    <SortableHeader
                      key={column.key}
                      direction={sortField === column.sortKey ? sortDirection : undefined}
                      firstDirection={column.sortFirst}
                      onSort={(direction) => state.setSort(column.sortKey!, direction)}
                    >
                      {t(column.header)}
                    </SortableHeader>
                  ) : (
                    <Table.Th key={column.key} scope="col">
                      {t(column.header)}
                    </Table.Th>
                  ),
                )}
                {hasActions && (
                  <Table.Th scope="col" ta="right" className={classes.actions}>
                    {t('admin.list.actions')}
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((item) => {
                const name = itemName(item);
                return (
                  <Table.Tr key={item.id}>
                    {columns.map((column) => (
                      <Table.Td key={column.key}>{cell(column, item)}</Table.Td>
                    ))}
                    {hasActions && (
                      <Table.Td className={classes.actions}>
                        <Group gap={4} justify="end" wrap="nowrap">
                          {rowActions?.(item)}
                          {detailPath && (
                            <ActionIcon
                              component={Link}
                              to={detailPath(item)}
                              variant="subtle"
                              aria-label={t('admin.list.open', { name })}
                            >
                              <IconChevronRight size={18} aria-hidden />
                            </ActionIcon>
                          )}
                          {deletable(item) && (
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('admin.list.delete', { name })}
                              onClick={() => confirmDelete(item, name)}
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {data && data.data.length > 0 && (
        <Group justify="space-between" align="end" gap="sm">
          {data.meta.total > data.meta.limit ? (
            <Pagination
              total={data.meta.total}
              limit={data.meta.limit}
              offset={state.offset}
              onChange={state.setOffset}
              disabled={isFetching}
            />
          ) : (
            <span />
          )}
          <NativeSelect
            size="xs"
            label={t('admin.list.pageSize')}
            data={PAGE_SIZES.map(String)}
            value={String(state.limit)}
            onChange={(event) => state.setLimit(Number(event.currentTarget.value))}
          />
        </Group>
      )}
    </Stack>
  );
}

/** "94 users", or "about 120,000 users" above the server's counting cap (an estimate). */
function ListCount({
  noun,
  total,
  estimated,
}: {
  readonly noun: ListCountNoun;
  readonly total: number;
  readonly estimated: boolean;
}) {
  const { t } = useTranslation();
  const counted: string = t(`admin.list.count.${noun}`, { count: total });
  return <>{estimated ? t('admin.list.estimated', { total: counted }) : counted}</>;
}

import type { PlainPhraseKey } from '@federa/phrases';
import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import type { Identified } from '../../resources/live/live-list.ts';
import type { ResourceListState } from '../../resources/use-resource-list.ts';
import { BusyIndicator } from '../BusyIndicator/BusyIndicator.tsx';
import { EmptyListText } from '../EmptyListText/EmptyListText.tsx';
import { Pagination } from '../Pagination/Pagination.tsx';

export interface CardListProps<T extends Identified> {
  /** The page on screen, from `useResourceList`. */
  readonly state: ResourceListState<T>;
  /** Accessible name of the list. */
  readonly label: string;
  readonly renderCard: (item: T) => ReactNode;
  /** Shows the search box (prefix search of the list's search field). */
  readonly searchable?: boolean;
  readonly emptyPhrase?: PlainPhraseKey;
  /** Cards per row from the `sm` breakpoint on (always one on narrow screens). */
  readonly columns?: number;
  readonly toolbar?: ReactNode;
}

/**
 * A resource list shown as cards: search box, loading, error with retry, empty text, pagination.
 * The counterpart of `ResourceList` for records that need more than a table row.
 */
export function CardList<T extends Identified>({
  state,
  label,
  renderCard,
  searchable = true,
  emptyPhrase,
  columns = 1,
  toolbar,
}: CardListProps<T>) {
  const { t } = useTranslation();
  const { data, error, isPending, isFetching } = state;
  return (
    <Stack gap="sm">
      {(searchable || toolbar) && (
        <Group align="end" gap="sm">
          {searchable && (
            <TextInput
              type="search"
              label={t('admin.list.search')}
              placeholder={t('admin.list.searchPlaceholder')}
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
      {error && !data ? (
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
        <SimpleGrid
          component="ul"
          aria-label={label}
          aria-busy={isFetching}
          cols={{ base: 1, sm: columns }}
          spacing="sm"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {data.data.map((item) => (
            <li key={item.id}>{renderCard(item)}</li>
          ))}
        </SimpleGrid>
      )}
      {data && data.meta.total > data.meta.limit && (
        <Pagination
          total={data.meta.total}
          limit={data.meta.limit}
          offset={state.offset}
          onChange={state.setOffset}
          disabled={isFetching}
        />
      )}
    </Stack>
  );
}

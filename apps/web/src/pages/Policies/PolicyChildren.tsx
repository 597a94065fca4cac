import { Badge, Button, Loader, VisuallyHidden, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMinus, IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { EmptyListText } from '../../components/EmptyListText/EmptyListText.tsx';
import { notify } from '../../components/Feedback/notify.ts';
import { Pagination } from '../../components/Pagination/Pagination.tsx';
import { useLiveUpdates } from '../../resources/live/use-live-updates.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { childCandidateQuery, policyApi, policyQueryKeys, type Policy } from './policy-api.ts';
import { isPolicyType } from './policy-form.tsx';

const PAGE_SIZE = 10;

export interface PolicyChildrenProps {
  /** Realm of the composite: only its policies can become children. */
  readonly realmId: string | null;
  /** The stored composite: toggles move policies below it (or out) at once. */
  readonly policy?: Policy;
  /** Without `policy`: the ids chosen so far and how to change them. */
  readonly selected?: readonly string[];
  readonly onToggle?: (id: string, on: boolean) => void;
  readonly error?: ReactNode;
}

/**
 * The children of a composite policy as an assignment list: candidates of the same realm that hang
 * below nothing (or below this composite), each with an add/remove toggle
 * (docs/product/identity-and-access.md §4: the toggle sets parent_id to the composite or clears it).
 */
export function PolicyChildren({ realmId, policy, selected = [], onToggle, error }: PolicyChildrenProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const headingId = useId();
  const errorId = useId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [offset, setOffset] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);

  const query = childCandidateQuery({
    policyId: policy?.id,
    parentId: policy?.parent_id ?? null,
    realmId,
    search: debounced,
    offset,
    limit: PAGE_SIZE,
  });
  const list = useQuery({
    queryKey: policyQueryKeys.children(query),
    queryFn: ({ signal }) => policyApi.list(api, query, signal),
    placeholderData: keepPreviousData,
  });

  // Policies created, moved or deleted elsewhere: refresh the candidates, the record and its tree.
  useLiveUpdates('policy', () => void queryClient.invalidateQueries({ queryKey: policyQueryKeys.all }));

  const isChild = (candidate: Policy) =>
    policy ? candidate.parent_id === policy.id : selected.includes(candidate.id);

  const toggle = async (candidate: Policy) => {
    const on = !isChild(candidate);
    if (!policy) {
      onToggle?.(candidate.id, on);
      return;
    }
    setBusy(candidate.id);
    try {
      await policyApi.update(api, candidate.id, { parent_id: on ? policy.id : null });
      await queryClient.invalidateQueries({ queryKey: policyQueryKeys.all });
    } catch (failure) {
      notify(t, { color: 'red', message: t(errorPhraseKey(failure)) });
    } finally {
      setBusy(null);
    }
  };

  const rows = list.data?.data ?? [];
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={headingId}
      aria-describedby={error ? errorId : undefined}
    >
      <Title order={2} id={headingId} size="h4">
        {t('policies.children')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('policies.childrenDescription')}
      </Text>
      <TextInput
        type="search"
        label={t('admin.list.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={list.isFetching ? <Loader size="xs" /> : null}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setOffset(0);
        }}
      />
      {list.isError && (
        <Text c="red" role="alert">
          {t(errorPhraseKey(list.error))}
        </Text>
      )}
      {rows.length === 0 && list.isSuccess ? (
        <EmptyListText />
      ) : (
        <Table aria-labelledby={headingId} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.fields.name')}</Table.Th>
              <Table.Th>{t('policies.type')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('admin.list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((candidate) => {
              const on = isChild(candidate);
              return (
                <Table.Tr key={candidate.id}>
                  <Table.Td>{candidate.display_name || candidate.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">
                      {isPolicyType(candidate.type) ? t(`policies.types.${candidate.type}`) : candidate.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant={on ? 'filled' : 'light'}
                      // The darkest red keeps white text above the AA contrast ratio.
                      color={on ? 'red.9' : undefined}
                      loading={busy === candidate.id}
                      leftSection={
                        on ? <IconMinus size={14} aria-hidden /> : <IconPlus size={14} aria-hidden />
                      }
                      onClick={() => void toggle(candidate)}
                      aria-label={t(on ? 'policies.removeChild' : 'policies.addChild', {
                        name: candidate.name,
                      })}
                    >
                      {t(on ? 'admin.controls.remove' : 'admin.controls.add')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {list.data && list.data.meta.total > PAGE_SIZE && (
        <Pagination total={list.data.meta.total} limit={PAGE_SIZE} offset={offset} onChange={setOffset} />
      )}
      {error && (
        <Text id={errorId} c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

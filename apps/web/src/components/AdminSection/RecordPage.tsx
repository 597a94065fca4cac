import type { PlainPhraseKey } from '@federa/phrases';
import type { ListQuery } from '@federa/schemas';
import { Alert, Anchor, Center, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { labelOf, type ResourceRef } from '../../resources/resource-types.ts';
import { useResourceRecord } from '../../resources/use-resource-record.ts';
import { SectionNav, type SectionTab } from './SectionNav.tsx';
import { BusyIndicator } from '../BusyIndicator/BusyIndicator.tsx';
import { PageHeading } from '../PageHeading/PageHeading.tsx';

export interface RecordContext<T> {
  readonly record: T;
}

/** The record a `RecordPage` loaded, for its tabs (child routes). */
export function useRecord<T>(): T {
  return useOutletContext<RecordContext<T>>().record;
}

export interface RecordPageProps {
  readonly resource: ResourceRef;
  /** Kind of record, shown above its name (e.g. `app.pages.user`). */
  readonly kind: PlainPhraseKey;
  readonly tabs: readonly SectionTab[];
  readonly query?: Pick<ListQuery, 'fields' | 'include'>;
  /** Where "back to the list" leads. */
  readonly listPath: string;
}

/** `/admin/{section}/:id`: loads the record (live), shows its name and tabs, and renders the tab. */
export function RecordPage({ resource, kind, tabs, query, listPath }: RecordPageProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const record = useResourceRecord(resource, id, query);

  if (record.isPending) {
    return (
      <Center py="xl">
        <BusyIndicator label={t('admin.list.loading')} />
      </Center>
    );
  }
  if (record.error || !record.data || record.deleted) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle aria-hidden />}
        title={t('admin.detail.loadFailed')}
      >
        <Stack gap="xs" align="start">
          {record.error ? t(errorPhraseKey(record.error)) : t('errors.entity_not_found')}
          <Anchor component={Link} to={listPath}>
            {t('admin.detail.back')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const name = labelOf(record.data);
  return (
    <Stack gap="md">
      <Stack gap={0}>
        <Text c="dimmed" size="sm">
          {t(kind)}
        </Text>
        <Group gap="xs">
          <PageHeading>{name}</PageHeading>
        </Group>
      </Stack>
      <SectionNav tabs={tabs} label={name} />
      <Outlet context={{ record: record.data } satisfies RecordContext<unknown>} />
    </Stack>
  );
}

import type { PlainPhraseKey } from '@federa/phrases';
import type { ListQuery } from '@federa/schemas';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useOutletContext, useParams } from 'react-router';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { NotFoundPage } from '../../pages/NotFound/NotFoundPage.tsx';
import type { Identified } from '../../resources/live/live-list.ts';
import type { ResourceRef } from '../../resources/resource-types.ts';
import { useResourceRecord } from '../../resources/use-resource-record.ts';
import { SectionNav, type SectionTab } from '../AdminSection/SectionNav.tsx';
import { BusyIndicator } from '../BusyIndicator/BusyIndicator.tsx';
import { PageHeading } from '../PageHeading/PageHeading.tsx';

export interface RecordLayoutContext<T> {
  readonly record: T;
}

/** The record a `RecordLayout` loaded, for its tabs (child routes). */
export function useLayoutRecord<T>(): T {
  return useOutletContext<RecordLayoutContext<T>>().record;
}

function isNotFound(error: unknown): boolean {
  const status = (error as { statusCode?: number } | null)?.statusCode;
  return status === 404 || status === 400;
}

export interface RecordLayoutProps<T extends Identified> {
  readonly resource: ResourceRef<T>;
  /** Kind of record, shown above its name. */
  readonly kind: PlainPhraseKey;
  readonly tabs: readonly SectionTab[];
  readonly query?: Pick<ListQuery, 'fields' | 'include'>;
  readonly title: (record: T) => string;
  /** Shown next to the heading (status badges). */
  readonly aside?: (record: T) => ReactNode;
}

/**
 * A page about one record (`/projects/:id`): loads it live, shows the not-found page for an unknown
 * id or a record deleted meanwhile, otherwise its name, tabs and the chosen tab.
 */
export function RecordLayout<T extends Identified>({
  resource,
  kind,
  tabs,
  query,
  title,
  aside,
}: RecordLayoutProps<T>) {
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
  if (record.deleted || (record.error && isNotFound(record.error))) return <NotFoundPage />;
  if (record.error || !record.data) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle aria-hidden />}
        title={t('admin.detail.loadFailed')}
      >
        <Stack gap="xs" align="start">
          {t(errorPhraseKey(record.error))}
          <Button size="xs" variant="light" onClick={() => void record.refetch()}>
            {t('admin.list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const name = title(record.data);
  return (
    <Stack gap="md">
      <Stack gap={0}>
        <Text c="dimmed" size="sm">
          {t(kind)}
        </Text>
        <Group gap="sm" wrap="wrap">
          <PageHeading>{name}</PageHeading>
          {aside?.(record.data)}
        </Group>
      </Stack>
      <SectionNav tabs={tabs} label={name} />
      <Outlet context={{ record: record.data } satisfies RecordLayoutContext<T>} />
    </Stack>
  );
}

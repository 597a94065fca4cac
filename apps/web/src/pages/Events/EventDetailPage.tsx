import { Alert, Anchor, Center, Code, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';
import { FactTable } from '../../components/FactTable/FactTable.tsx';
import { adminHubResources, type AuditEvent } from '../../resources/admin-hub-resources.ts';
import { useResourceRecord } from '../../resources/use-resource-record.ts';
import { changesOf, valueText } from './event-changes.ts';
import { ActorName, EventNameBadge, EventTime } from './event-parts.tsx';
import { PageHeading } from '../../components/PageHeading/PageHeading.tsx';

const ACCOUNT_PAGES: Record<string, string> = {
  user: '/admin/users',
  robot: '/admin/robots',
  client: '/admin/clients',
};

function Changes({ event }: { readonly event: AuditEvent }) {
  const { t } = useTranslation();
  const changes = changesOf(event.data);
  if (changes.length === 0) {
    const rest = event.data && Object.keys(event.data).length > 0 ? event.data : null;
    return (
      <Stack gap="xs">
        <Text c="dimmed" size="sm">
          {t('events.detail.noChanges')}
        </Text>
        {rest && (
          <Code block aria-label={t('events.detail.data')}>
            {JSON.stringify(rest, null, 2)}
          </Code>
        )}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table withTableBorder striped aria-label={t('events.detail.changes')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('events.detail.field')}</Table.Th>
            <Table.Th scope="col">{t('events.detail.previous')}</Table.Th>
            <Table.Th scope="col">{t('events.detail.next')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.field}>
              <Table.Th scope="row">
                <Code>{change.field}</Code>
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{valueText(change.previous)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{valueText(change.next)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/events/:id: who acted, through which request, and what changed (before and after side by side). */
export function EventDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const record = useResourceRecord(adminHubResources.events, id);
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
          <Anchor component={Link} to="/admin/events">
            {t('admin.detail.back')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const event = record.data;
  const accountPage = event.actor_type && event.actor_id ? ACCOUNT_PAGES[event.actor_type] : undefined;
  return (
    <Stack gap="md">
      <Stack gap={0}>
        <Text c="dimmed" size="sm">
          {t('app.pages.event')}
        </Text>
        <PageHeading>
          <Code fz="inherit">{event.ref_type}</Code> <EventNameBadge name={event.name} />
        </PageHeading>
      </Stack>
      <FactTable
        label={t('app.pages.event')}
        rows={[
          [t('events.fields.time'), <EventTime key="time" value={event.created_at} />],
          [t('events.fields.scope'), event.scope],
          [t('events.fields.refType'), <Code key="type">{event.ref_type}</Code>],
          [t('events.fields.refId'), event.ref_id ? <Code key="ref">{event.ref_id}</Code> : ''],
          [t('events.fields.expiresAt'), <EventTime key="expires" value={event.expires_at} />],
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('events.detail.actor')}
          </Title>
          <FactTable
            label={t('events.detail.actor')}
            rows={[
              [t('events.fields.actor'), <ActorName key="actor" event={event} />],
              [t('events.fields.actorType'), event.actor_type ?? ''],
              [
                t('events.fields.actorId'),
                event.actor_id ? (
                  accountPage ? (
                    <Anchor key="id" component={Link} to={`${accountPage}/${event.actor_id}`}>
                      <Code>{event.actor_id}</Code>
                    </Anchor>
                  ) : (
                    <Code key="id">{event.actor_id}</Code>
                  )
                ) : (
                  ''
                ),
              ],
            ]}
          />
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('events.detail.request')}
          </Title>
          {event.request_method || event.request_path ? (
            <FactTable
              label={t('events.detail.request')}
              rows={[
                [t('events.fields.method'), event.request_method ?? ''],
                [
                  t('events.fields.path'),
                  event.request_path ? <Code key="path">{event.request_path}</Code> : '',
                ],
                [t('events.fields.ipAddress'), event.request_ip_address ?? ''],
                [t('events.fields.userAgent'), event.request_user_agent ?? ''],
              ]}
            />
          ) : (
            <Text c="dimmed" size="sm">
              {t('events.detail.noRequest')}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('events.detail.changes')}
        </Title>
        <Changes event={event} />
      </Stack>
    </Stack>
  );
}

import { Button, Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceList, type ResourceListColumn } from '../../components/ResourceList/ResourceList.tsx';
import { adminHubResources, type AuditEvent } from '../../resources/admin-hub-resources.ts';
import { useResourceList } from '../../resources/use-resource-list.ts';
import {
  EVENT_NAMES,
  eventFilter,
  NO_EVENT_FILTERS,
  RECORDED_ENTITY_TYPES,
  type EventFilterValues,
} from './event-filters.ts';
import { ActorName, EventNameBadge, EventTime } from './event-parts.tsx';
import { PageHeading } from '../../components/PageHeading/PageHeading.tsx';

export { EventDetailPage } from './EventDetailPage.tsx';

/** Log and event lists show 50 per page (docs/product/analysis-platform.md §9). */
const EVENT_PAGE_SIZE = 50;
export const EVENTS_PATH = '/admin/events';

const columns: ResourceListColumn<AuditEvent>[] = [
  { key: 'time', header: 'events.fields.time', render: (event) => <EventTime value={event.created_at} /> },
  { key: 'name', header: 'events.fields.event', render: (event) => <EventNameBadge name={event.name} /> },
  { key: 'ref_type', header: 'events.fields.refType', render: (event) => <Code>{event.ref_type}</Code> },
  {
    key: 'ref_id',
    header: 'events.fields.refId',
    render: (event) => (event.ref_id ? <Code title={event.ref_id}>{event.ref_id.slice(0, 8)}</Code> : ''),
  },
  { key: 'actor', header: 'events.fields.actor', render: (event) => <ActorName event={event} /> },
];

function EventFilters({
  values,
  onChange,
}: {
  readonly values: EventFilterValues;
  readonly onChange: (values: EventFilterValues) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<EventFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Group align="end" gap="sm" wrap="wrap">
      <Select
        label={t('events.filters.refType')}
        placeholder={t('events.filters.any')}
        data={[...RECORDED_ENTITY_TYPES]}
        value={values.refType}
        onChange={(refType) => set({ refType })}
        searchable
        clearable
        w={{ base: '100%', xs: 190 }}
      />
      <TextInput
        label={t('events.filters.actor')}
        placeholder={t('events.filters.actorPlaceholder')}
        value={values.actor}
        onChange={(event) => set({ actor: event.currentTarget.value })}
        w={{ base: '100%', xs: 170 }}
      />
      <Select
        label={t('events.filters.name')}
        placeholder={t('events.filters.any')}
        data={EVENT_NAMES.map((name) => ({ value: name, label: t(`events.names.${name}`) }))}
        value={values.name}
        onChange={(name) => set({ name })}
        clearable
        w={{ base: '100%', xs: 150 }}
      />
      <TextInput
        type="datetime-local"
        label={t('events.filters.from')}
        value={values.from}
        onChange={(event) => set({ from: event.currentTarget.value })}
        w={{ base: '100%', xs: 210 }}
      />
      <TextInput
        type="datetime-local"
        label={t('events.filters.to')}
        value={values.to}
        onChange={(event) => set({ to: event.currentTarget.value })}
        w={{ base: '100%', xs: 210 }}
      />
      <Button
        variant="default"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        onClick={() => onChange(NO_EVENT_FILTERS)}
      >
        {t('events.filters.reset')}
      </Button>
    </Group>
  );
}

/** /admin/events: the audit trail, newest first, 50 per page, filtered, updated live. */
export function EventListPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<EventFilterValues>(NO_EVENT_FILTERS);
  const state = useResourceList({
    resource: adminHubResources.events,
    query: { filter: eventFilter(filters), sort: { created_at: 'DESC' } },
    searchField: null,
    limit: EVENT_PAGE_SIZE,
  });
  return (
    <Stack gap="md">
      <PageHeading>{t('app.pages.events')}</PageHeading>
      <Text>{t('events.intro')}</Text>
      <EventFilters
        values={filters}
        onChange={(next) => {
          setFilters(next);
          state.setOffset(0);
        }}
      />
      <ResourceList
        resource={adminHubResources.events}
        state={state}
        searchField={null}
        label="events.list.label"
        columns={columns}
        itemName={(event) => `${event.ref_type} ${event.name} ${event.created_at ?? ''}`}
        detailPath={(event) => `${EVENTS_PATH}/${event.id}`}
      />
    </Stack>
  );
}

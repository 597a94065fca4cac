import { Text } from '@mantine/core';
import { StatusMark, type StatusTone } from '../../components/StatusMark/StatusMark.tsx';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '../../resources/admin-hub-resources.ts';

const NAME_TONES: Record<string, StatusTone> = { created: 'good', updated: 'info', deleted: 'bad' };

/** created / updated / deleted in the user's language; other event names as recorded. */
export function EventNameBadge({ name }: { readonly name: string }) {
  const { t } = useTranslation();
  return (
    <StatusMark tone={NAME_TONES[name] ?? 'neutral'}>
      {t(`events.names.${name}`, { defaultValue: name })}
    </StatusMark>
  );
}

/** A recorded instant in the user's language and time zone. */
export function EventTime({ value }: { readonly value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (!value) return null;
  const date = new Date(value);
  return <time dateTime={date.toISOString()}>{date.toLocaleString(i18n.language)}</time>;
}

/** Who acted: the recorded name (with the kind of account), "system" when no request did it. */
export function ActorName({ event }: { readonly event: AuditEvent }) {
  const { t } = useTranslation();
  if (!event.actor_type) {
    return (
      <Text span c="dimmed" size="sm">
        {t('events.detail.system')}
      </Text>
    );
  }
  return (
    <>
      <Text span fw={500}>
        {event.actor_name ?? t('events.detail.unknownActor')}
      </Text>{' '}
      <Text span c="dimmed" size="xs">
        ({event.actor_type})
      </Text>
    </>
  );
}

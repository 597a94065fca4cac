import {
  ClientSchema,
  listResponseSchema,
  PolicyCheckOutcomeSchema,
  RobotSchema,
  UserSchema,
  type PolicyCheckOutcome,
} from '@federa/schemas';
import { Alert, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/refusal-text.ts';
import { SearchSelect } from '../../components/SearchSelect/SearchSelect.tsx';
import type { SearchSelectLoadOptions } from '../../components/SearchSelect/search-select-query.ts';
import type { Permission, User } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';

type Kind = 'user' | 'robot' | 'client';

/** Who the check is for: what the picker shows of a user, robot or client. */
type Subject = Pick<User, 'id' | 'name' | 'realm_id' | 'realm'>;
const SUBJECT_FIELDS = { id: true, name: true, realm_id: true, realm: true } as const;
const SUBJECT_LISTS = {
  user: listResponseSchema(UserSchema.pick(SUBJECT_FIELDS)),
  robot: listResponseSchema(RobotSchema.pick(SUBJECT_FIELDS)),
  client: listResponseSchema(ClientSchema.pick(SUBJECT_FIELDS)),
};

/** What the server answers: granted, or why not and (when a stored policy refused) which one. */
type Outcome = PolicyCheckOutcome;

const KINDS: readonly Kind[] = ['user', 'robot', 'client'];

/**
 * The "check access" tab of a permission: would it be granted now to a chosen user, robot or
 * client? The server evaluates it as a request of theirs would be (`POST permissions/{id}/check`)
 * and names the policy that refused.
 */
export function PermissionCheck({ permission }: { readonly permission: Permission }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [kind, setKind] = useState<Kind>('user');
  const [subject, setSubject] = useState<Subject | null>(null);
  const [outcome, setOutcome] = useState<{ subject: Subject; result: Outcome } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    ({ search, offset, limit, signal }: SearchSelectLoadOptions) =>
      api.get('auth', `${kind}s`, {
        query: {
          filter: search.trim() ? { name: `~${search.trim()}` } : {},
          include: ['realm'],
          sort: { name: 'ASC' },
          page: { limit, offset },
        },
        signal,
        schema: SUBJECT_LISTS[kind],
      }),
    [api, kind],
  );

  const check = async () => {
    if (!subject) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await api.post(
        'auth',
        `permissions/${encodeURIComponent(permission.id)}/check`,
        {
          identity: {
            type: kind,
            id: subject.id,
            ...(subject.realm_id ? { realmId: subject.realm_id } : {}),
            ...(subject.realm?.name ? { realmName: subject.realm.name } : {}),
          },
        },
        { schema: PolicyCheckOutcomeSchema },
      );
      setOutcome({ subject, result });
    } catch (error) {
      setOutcome(null);
      setFailure(failureText(t as (key: string) => string, error));
    } finally {
      setBusy(false);
    }
  };

  const names = { name: outcome?.subject.name ?? '', permission: permission.name };
  return (
    <Stack gap="sm" maw={560}>
      <Text>{t('identityAdmin.check.intro', { permission: permission.name })}</Text>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="check-kind">
          {t('identityAdmin.check.kind')}
        </Text>
        <SegmentedControl
          aria-labelledby="check-kind"
          value={kind}
          onChange={(value) => {
            setKind(value as Kind);
            setSubject(null);
            setOutcome(null);
          }}
          data={KINDS.map((value) => ({ value, label: t(`identityAdmin.check.${value}`) }))}
        />
      </Stack>
      <SearchSelect<Subject>
        key={kind}
        label={t('identityAdmin.check.subject')}
        load={load}
        queryKey={['auth', `${kind}s`, 'check-access']}
        getValue={(item) => item.id}
        getLabel={(item) => (item.realm?.name ? `${item.name} (${item.realm.name})` : item.name)}
        value={subject?.id ?? null}
        onChange={(_, item) => {
          setSubject(item);
          setOutcome(null);
        }}
        placeholder={t('app.select.placeholder')}
      />
      <Button onClick={() => void check()} disabled={!subject} loading={busy} style={{ alignSelf: 'start' }}>
        {t('identityAdmin.check.run')}
      </Button>
      <div aria-live="polite">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {outcome?.result.status === 'success' && (
          <Alert color="green" variant="light" title={t('identityAdmin.check.granted', names)} />
        )}
        {outcome?.result.status === 'error' && (
          <Alert color="red" variant="light" title={t('identityAdmin.check.refused', names)}>
            {outcome.result.data.policy
              ? t('identityAdmin.check.decidedBy', {
                  policy: outcome.result.data.policy.name,
                  type: outcome.result.data.policy.type,
                })
              : t('identityAdmin.check.notHeld')}
          </Alert>
        )}
      </div>
    </Stack>
  );
}

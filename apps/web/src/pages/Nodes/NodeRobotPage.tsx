import { listResponseSchema, PermissionName as P, RobotPermissionSchema, RobotSchema } from '@federa/schemas';
import { Alert, Anchor, Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';
import { FactTable } from '../../components/FactTable/FactTable.tsx';
import { modalCloseProps, notify } from '../../components/Feedback/notify.ts';
import { FormFailure } from '../../components/EntityForm/FormFailure.tsx';
import { SecretOnce } from '../../components/SecretOnce/SecretOnce.tsx';
import { generateRobotSecret } from '../../forms/form-values.ts';
import type { AdminNode } from '../../resources/admin-hub-resources.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';

/** The robot a node signs in with. */
export function NodeRobotPage() {
  const node = useRecord<AdminNode>();
  return <RobotPanel robotId={node.robot_id ?? null} />;
}

/**
 * A robot account (of a node, of the registries): who it is, what it may do, and a new secret on
 * request, shown once; "The robot details can not be displayed." when it does not exist.
 */
export function RobotPanel({ robotId }: { readonly robotId: string | null }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { hasPermission } = useSession();
  const robot = useQuery({
    queryKey: ['auth', 'robots', 'one', robotId, 'node'],
    queryFn: ({ signal }) =>
      api.get('auth', `robots/${encodeURIComponent(robotId ?? '')}`, { signal, schema: RobotSchema }),
    enabled: !!robotId,
    retry: false,
  });
  const permissions = useQuery({
    queryKey: ['auth', 'robot-permissions', 'list', 'node', robotId],
    queryFn: ({ signal }) =>
      api.get('auth', 'robot-permissions', {
        query: { filter: { robot_id: robotId ?? '' }, include: ['permission'], page: { limit: 100 } },
        signal,
        schema: listResponseSchema(RobotPermissionSchema),
      }),
    enabled: !!robotId && !!robot.data,
    retry: false,
  });
  const [secret, setSecret] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  if (robotId && robot.isPending) {
    return (
      <Center py="lg">
        <BusyIndicator label={t('admin.list.loading')} />
      </Center>
    );
  }
  if (!robotId || robot.error || !robot.data) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} role="status">
        {t('nodes.robot.missing')}
      </Alert>
    );
  }

  const reset = async () => {
    setFailure(null);
    setResetting(true);
    const next = generateRobotSecret();
    try {
      await api.post('auth', `robots/${encodeURIComponent(robotId)}`, { secret: next });
      setSecret(next);
      notify(t, { color: 'green', message: t('nodes.robot.resetDone') });
    } catch (error) {
      setFailure(error);
    } finally {
      setResetting(false);
    }
  };
  const confirmReset = () =>
    modals.openConfirmModal({
      ...modalCloseProps(t),
      title: t('nodes.robot.resetTitle'),
      children: <Text size="sm">{t('nodes.robot.resetConfirm')}</Text>,
      labels: { confirm: t('nodes.robot.resetSecret'), cancel: t('admin.list.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void reset(),
    });

  const granted = permissions.data?.data ?? [];
  return (
    <Stack gap="md">
      <FactTable
        label={t('nodes.fields.robot')}
        rows={[
          [t('nodes.robot.id'), <Code key="id">{robot.data.id}</Code>],
          [t('nodes.robot.name'), <Code key="name">{robot.data.name}</Code>],
          [t('admin.fields.displayName'), robot.data.display_name ?? ''],
        ]}
      />
      {hasPermission(P.ROBOT_UPDATE) && (
        <Anchor component={Link} to={`/admin/robots/${robot.data.id}`} size="sm">
          {t('nodes.robot.manage')}
        </Anchor>
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('nodes.robot.permissions')}
        </Title>
        {permissions.isPending ? (
          <BusyIndicator label={t('admin.list.loading')} />
        ) : granted.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('nodes.robot.noPermissions')}
          </Text>
        ) : (
          <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {granted.map((link) => (
              <li key={link.id}>
                <Code>{link.permission?.name ?? link.id}</Code>
              </li>
            ))}
          </Group>
        )}
      </Stack>
      {hasPermission(P.ROBOT_UPDATE) && (
        <Stack gap="xs" maw={720}>
          <Group>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} color="var(--mantine-color-red-7)" aria-hidden />}
              loading={resetting}
              onClick={confirmReset}
            >
              {t('nodes.robot.resetSecret')}
            </Button>
          </Group>
          <FormFailure error={failure} />
          {secret && (
            <SecretOnce
              label={t('nodes.robot.newSecret')}
              value={secret}
              warning={t('nodes.robot.newSecretHint')}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}

import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { NewChildPolicy } from './NewChildPolicy.tsx';
import { PolicyChildren } from './PolicyChildren.tsx';
import { PolicyForm } from './PolicyForm.tsx';
import { PolicyTree } from './PolicyTree.tsx';
import { authResources } from '../../resources/resource-types.ts';
import { useResourceRecord } from '../../resources/use-resource-record.ts';
import { isPolicyType } from './policy-form.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';

/** `/admin/policies/{id}`: the form (type fixed), a composite's children and the expanded tree. */
export function PolicyDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const policy = useResourceRecord(authResources.policies, id, { include: ['parent'] });

  if (policy.isPending) return <BusyIndicator label={t('app.shell.loading')} />;
  if (policy.isError || policy.deleted || !policy.data)
    return (
      <Stack>
        <Title order={1}>{t('app.pages.policy')}</Title>
        <Text c="red" role="alert">
          {t(errorPhraseKey(policy.error ?? { code: 'entity_not_found' }))}
        </Text>
        <Anchor component={Link} to="/admin/policies">
          {t('admin.detail.back')}
        </Anchor>
      </Stack>
    );

  const data = policy.data;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={1}>
          {t('app.pages.policy')}: {data.display_name || data.name}
        </Title>
        <Badge variant="light">
          {isPolicyType(data.type) ? t(`policies.types.${data.type}`) : data.type}
        </Badge>
      </Group>
      {data.parent && (
        <Text size="sm">
          {t('policies.parent')}:{' '}
          <Anchor component={Link} to={`/admin/policies/${data.parent.id}`}>
            {data.parent.name}
          </Anchor>
        </Text>
      )}
      <Paper withBorder p="md">
        {/* Keyed by the update time: a saved or live-updated policy starts the form afresh. */}
        <PolicyForm key={`${data.id}-${data.updated_at ?? ''}`} policy={data} />
      </Paper>
      {data.type === 'composite' && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <PolicyChildren policy={data} realmId={data.realm_id ?? null} />
            <NewChildPolicy composite={data} />
          </Stack>
        </Paper>
      )}
      <PolicyTree policyId={data.id} />
    </Stack>
  );
}

import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { PermissionName as P } from '@federa/schemas';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { useSession } from '../../session/session-context.tsx';
import { IdentityProviderForm } from './IdentityProviderForm.tsx';
import { ProviderConnectionPanel } from './ProviderConnectionPanel.tsx';
import { RoleMappings } from './RoleMappings.tsx';
import { authResources } from '../../resources/resource-types.ts';
import { useResourceRecord } from '../../resources/use-resource-record.ts';
import { isPreset, isProtocol } from './identity-provider-form.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';
import { PageHeading } from '../../components/PageHeading/PageHeading.tsx';

/** `/admin/identity-providers/{id}`: the form and the role mappings. */
export function IdentityProviderDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { hasAnyPermission } = useSession();
  const provider = useResourceRecord(authResources.identityProviders, id);

  if (provider.isPending) return <BusyIndicator label={t('app.shell.loading')} />;
  if (provider.isError || provider.deleted || !provider.data)
    return (
      <Stack>
        <PageHeading>{t('app.pages.identityProvider')}</PageHeading>
        <Text c="red" role="alert">
          {t(errorPhraseKey(provider.error ?? { code: 'entity_not_found' }))}
        </Text>
        <Anchor component={Link} to="/admin/identity-providers">
          {t('admin.detail.back')}
        </Anchor>
      </Stack>
    );

  const data = provider.data;
  const canMap = hasAnyPermission([
    P.IDENTITY_PROVIDER_ROLE_CREATE,
    P.IDENTITY_PROVIDER_ROLE_UPDATE,
    P.IDENTITY_PROVIDER_ROLE_DELETE,
  ]);
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <PageHeading>
          {t('app.pages.identityProvider')}: {data.display_name || data.name}
        </PageHeading>
        {isPreset(data.preset) ? (
          <Badge variant="light">{t(`identityProviders.presets.${data.preset}`)}</Badge>
        ) : (
          isProtocol(data.protocol) && (
            <Badge variant="light">{t(`identityProviders.protocols.${data.protocol}`)}</Badge>
          )
        )}
      </Group>
      <Paper withBorder p="md">
        <ProviderConnectionPanel provider={data} />
      </Paper>
      <Paper withBorder p="md">
        <IdentityProviderForm key={`${data.id}-${data.updated_at ?? ''}`} provider={data} />
      </Paper>
      {canMap && (
        <Paper withBorder p="md">
          <RoleMappings provider={data} />
        </Paper>
      )}
    </Stack>
  );
}

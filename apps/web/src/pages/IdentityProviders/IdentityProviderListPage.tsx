import { createdColumn, updatedColumn } from '../../components/AdminSection/columns.tsx';
import { Badge } from '@mantine/core';
import { PermissionName as P } from '@federa/schemas';
import { useTranslation } from 'react-i18next';
import { useRealmScope } from '../../components/AdminSection/use-realm-scope.ts';
import { ResourceList } from '../../components/ResourceList/ResourceList.tsx';
import { authResources } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import type { IdentityProvider } from './identity-provider-api.ts';
import { isPreset, isProtocol } from './identity-provider-form.tsx';

function ProtocolBadge({ provider }: { readonly provider: IdentityProvider }) {
  const { t } = useTranslation();
  const label = isPreset(provider.preset)
    ? t(`identityProviders.presets.${provider.preset}`)
    : isProtocol(provider.protocol)
      ? t(`identityProviders.protocols.${provider.protocol}`)
      : (provider.protocol ?? '');
  return <Badge variant="light">{label}</Badge>;
}

function EnabledText({ enabled }: { readonly enabled: boolean }) {
  const { t } = useTranslation();
  return <>{t(enabled ? 'admin.controls.yes' : 'admin.controls.no')}</>;
}

/** `/admin/identity-providers`: the providers of the managed realm, searchable by name, with open and delete. */
export function IdentityProviderListPage() {
  const { hasPermission } = useSession();
  const filter = useRealmScope();
  return (
    <ResourceList
      resource={authResources.identityProviders}
      query={{ filter, sort: { name: 'ASC' } }}
      countNoun="identityProviders"
      searchField="search"
      searchPlaceholder="admin.list.searchNameOrDisplayName"
      label="app.pages.identityProviders"
      columns={[
        {
          key: 'name',
          header: 'admin.fields.name',
          sortKey: 'name',
          link: true,
          render: (provider) => provider.name,
        },
        {
          key: 'display_name',
          header: 'admin.fields.displayName',
          sortKey: 'display_name',
          render: (provider) => provider.display_name ?? '',
        },
        {
          key: 'protocol',
          header: 'identityProviders.protocol',
          render: (p) => <ProtocolBadge provider={p} />,
        },
        {
          key: 'enabled',
          header: 'admin.fields.enabled',
          render: (provider) => <EnabledText enabled={provider.enabled !== false} />,
        },
        createdColumn<IdentityProvider>(),
        updatedColumn<IdentityProvider>(),
      ]}
      detailPath={(provider) => `/admin/identity-providers/${provider.id}`}
      canDelete={hasPermission(P.IDENTITY_PROVIDER_DELETE)}
    />
  );
}

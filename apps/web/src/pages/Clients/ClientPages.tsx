import { PermissionName as P } from '@federa/schemas';
import { useNavigate } from 'react-router';
import { AssignmentTab } from '../../components/AdminSection/AssignmentTab.tsx';
import { identityListColumns } from '../../components/AdminSection/columns.tsx';
import { RecordPage, useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { useRealmScope } from '../../components/AdminSection/use-realm-scope.ts';
import { ResourceList } from '../../components/ResourceList/ResourceList.tsx';
import { authResources, type Client } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import { ClientForm } from './ClientForm.tsx';

const LIST_PATH = '/admin/clients';

export function ClientsPage() {
  return (
    <SectionPage
      title="admin.clients.title"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: [P.CLIENT_CREATE] },
      ]}
    />
  );
}

export function ClientListPage() {
  const { hasPermission } = useSession();
  const filter = useRealmScope();
  return (
    <ResourceList
      resource={authResources.clients}
      query={{ filter, include: ['realm'], sort: { created_at: 'DESC' } }}
      label="admin.clients.title"
      columns={identityListColumns<Client>()}
      countNoun="clients"
      searchField="search"
      searchPlaceholder="admin.list.searchNameOrDisplayName"
      itemName={(client) => client.name}
      detailPath={(client) => `${LIST_PATH}/${client.id}`}
      canDelete={(client) => hasPermission(P.CLIENT_DELETE) && !client.built_in}
    />
  );
}

export function ClientAddPage() {
  const navigate = useNavigate();
  return <ClientForm onSaved={(client) => void navigate(`${LIST_PATH}/${client.id}`)} />;
}

export function ClientDetailPage() {
  return (
    <RecordPage
      resource={authResources.clients}
      kind="admin.clients.page"
      listPath={LIST_PATH}
      query={{ fields: ['+secret'], include: ['realm'] }}
      tabs={[
        { to: '.', label: 'app.tabs.general' },
        { to: 'permissions', label: 'app.tabs.permissions' },
        { to: 'roles', label: 'app.tabs.roles' },
        { to: 'scopes', label: 'admin.tabs.scopes' },
      ]}
    />
  );
}

export function ClientGeneralPage() {
  const client = useRecord<Client>();
  return <ClientForm key={client.id} entity={client} />;
}

export function ClientPermissionsPage() {
  return (
    <AssignmentTab
      candidates={authResources.permissions}
      link={authResources.clientPermissions}
      ownerKey="client_id"
      candidateKey="permission_id"
      label="app.tabs.permissions"
      createPermission={P.CLIENT_PERMISSION_CREATE}
      deletePermission={P.CLIENT_PERMISSION_DELETE}
    />
  );
}

export function ClientRolesPage() {
  return (
    <AssignmentTab
      candidates={authResources.roles}
      link={authResources.clientRoles}
      ownerKey="client_id"
      candidateKey="role_id"
      label="app.tabs.roles"
      createPermission={P.CLIENT_ROLE_CREATE}
      deletePermission={P.CLIENT_ROLE_DELETE}
    />
  );
}

export function ClientScopesPage() {
  return (
    <AssignmentTab
      candidates={authResources.scopes}
      link={authResources.clientScopes}
      ownerKey="client_id"
      candidateKey="scope_id"
      label="admin.tabs.scopes"
      createPermission={P.CLIENT_SCOPE_CREATE}
      deletePermission={P.CLIENT_SCOPE_DELETE}
    />
  );
}

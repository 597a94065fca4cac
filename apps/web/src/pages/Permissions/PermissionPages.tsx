import { PermissionName as P } from '@federa/schemas';
import { useNavigate } from 'react-router';
import { AssignmentTab } from '../../components/AdminSection/AssignmentTab.tsx';
import { identityListColumns } from '../../components/AdminSection/columns.tsx';
import { afterCreatePath, ReadableList } from '../../components/AdminSection/ReadableList.tsx';
import { PERMISSION_READERS } from '../../navigation/identity-readers.ts';
import { RecordPage, useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { PermissionCheck } from './PermissionCheck.tsx';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { useRealmScope } from '../../components/AdminSection/use-realm-scope.ts';
import { ResourceList } from '../../components/ResourceList/ResourceList.tsx';
import { authResources, type Permission, type PolicySummary } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import { PermissionForm } from './PermissionForm.tsx';

const LIST_PATH = '/admin/permissions';

export function PermissionsPage() {
  return (
    <SectionPage
      title="app.pages.permissions"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: [P.PERMISSION_CREATE] },
      ]}
    />
  );
}

export function PermissionListPage() {
  const { hasPermission } = useSession();
  const filter = useRealmScope();
  return (
    <ReadableList readers={PERMISSION_READERS}>
      <ResourceList
        resource={authResources.permissions}
        query={{ filter, include: ['realm'], sort: { name: 'ASC' } }}
        label="app.pages.permissions"
        columns={identityListColumns<Permission>()}
        countNoun="permissions"
        itemName={(permission) => permission.name}
        detailPath={(permission) => `${LIST_PATH}/${permission.id}`}
        canDelete={(permission) => hasPermission(P.PERMISSION_DELETE) && !permission.built_in}
      />
    </ReadableList>
  );
}

export function PermissionAddPage() {
  const navigate = useNavigate();
  const { hasAnyPermission } = useSession();
  // The save already confirmed itself; open the new record only for those who may read it.
  return (
    <PermissionForm
      onSaved={(permission) =>
        void navigate(afterCreatePath(hasAnyPermission(PERMISSION_READERS), LIST_PATH, permission.id))
      }
    />
  );
}

export function PermissionDetailPage() {
  return (
    <RecordPage
      resource={authResources.permissions}
      kind="app.pages.permission"
      listPath={LIST_PATH}
      query={{ include: ['realm', 'policy'] }}
      tabs={[
        { to: '.', label: 'app.tabs.general' },
        { to: 'roles', label: 'app.tabs.roles' },
        { to: 'users', label: 'app.tabs.users' },
        { to: 'robots', label: 'app.tabs.robots' },
        { to: 'check', label: 'app.tabs.checkAccess' },
      ]}
    />
  );
}

export function PermissionGeneralPage() {
  const permission = useRecord<Permission & { policy?: PolicySummary | null }>();
  return <PermissionForm key={permission.id} entity={permission} />;
}

export function PermissionRolesPage() {
  return (
    <AssignmentTab
      candidates={authResources.roles}
      link={authResources.rolePermissions}
      ownerKey="permission_id"
      candidateKey="role_id"
      label="app.tabs.roles"
      createPermission={P.ROLE_PERMISSION_CREATE}
      deletePermission={P.ROLE_PERMISSION_DELETE}
    />
  );
}

export function PermissionUsersPage() {
  return (
    <AssignmentTab
      candidates={authResources.users}
      link={authResources.userPermissions}
      ownerKey="permission_id"
      candidateKey="user_id"
      label="app.tabs.users"
      createPermission={P.USER_PERMISSION_CREATE}
      deletePermission={P.USER_PERMISSION_DELETE}
    />
  );
}

export function PermissionRobotsPage() {
  return (
    <AssignmentTab
      candidates={authResources.robots}
      link={authResources.robotPermissions}
      ownerKey="permission_id"
      candidateKey="robot_id"
      label="app.tabs.robots"
      createPermission={P.ROBOT_PERMISSION_CREATE}
      deletePermission={P.ROBOT_PERMISSION_DELETE}
    />
  );
}

export function PermissionCheckPage() {
  const permission = useRecord<Permission>();
  return <PermissionCheck key={permission.id} permission={permission} />;
}

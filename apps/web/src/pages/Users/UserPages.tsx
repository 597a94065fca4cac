import { PermissionName as P } from '@federa/schemas';
import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AssignmentTab } from '../../components/AdminSection/AssignmentTab.tsx';
import { identityListColumns } from '../../components/AdminSection/columns.tsx';
import { afterCreatePath, ReadableList } from '../../components/AdminSection/ReadableList.tsx';
import { RecordPage, useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { useRealmScope } from '../../components/AdminSection/use-realm-scope.ts';
import { ResourceList } from '../../components/ResourceList/ResourceList.tsx';
import { authResources, type User } from '../../resources/resource-types.ts';
import { USER_READERS } from '../../navigation/identity-readers.ts';
import { useSession } from '../../session/session-context.tsx';
import { UserForm } from './UserForm.tsx';
import { UserPasswordForm } from './UserPasswordForm.tsx';

const LIST_PATH = '/admin/users';

/** `/admin/users`: list and add tabs. */
export function UsersPage() {
  return (
    <SectionPage
      title="app.pages.users"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: [P.USER_CREATE] },
      ]}
    />
  );
}

export function UserListPage() {
  const { hasPermission, user: me } = useSession();
  const filter = useRealmScope();
  return (
    <ReadableList readers={USER_READERS}>
      <ResourceList
        resource={authResources.users}
        query={{ filter, include: ['realm'], sort: { created_at: 'DESC' } }}
        label="app.pages.users"
        columns={identityListColumns<User>()}
        countNoun="users"
        searchField="search"
        searchPlaceholder="admin.list.searchPeople"
        itemName={(user) => user.name}
        detailPath={(user) => `${LIST_PATH}/${user.id}`}
        // Nobody is offered to delete themselves: they would lock themselves out mid-session.
        canDelete={(user) => hasPermission(P.USER_DELETE) && user.id !== me?.id}
      />
    </ReadableList>
  );
}

export function UserAddPage() {
  const navigate = useNavigate();
  const { hasAnyPermission } = useSession();
  // The save already confirmed itself; open the new user only for those who may read users.
  return (
    <UserForm
      onSaved={(user) => void navigate(afterCreatePath(hasAnyPermission(USER_READERS), LIST_PATH, user.id))}
    />
  );
}

/** `/admin/users/:id` with the tabs general, roles and permissions. */
export function UserDetailPage() {
  return (
    <RecordPage
      resource={authResources.users}
      kind="app.pages.user"
      listPath={LIST_PATH}
      query={{ fields: ['+email'], include: ['realm'] }}
      tabs={[
        { to: '.', label: 'app.tabs.general' },
        { to: 'roles', label: 'app.tabs.roles' },
        { to: 'permissions', label: 'app.tabs.permissions' },
      ]}
    />
  );
}

export function UserGeneralPage() {
  const user = useRecord<User>();
  const { hasPermission } = useSession();
  return (
    <Stack gap="xl">
      <UserForm key={user.id} entity={user} />
      {hasPermission(P.USER_UPDATE) && <UserPasswordForm key={`password-${user.id}`} user={user} />}
    </Stack>
  );
}

export function UserRolesPage() {
  return (
    <AssignmentTab
      candidates={authResources.roles}
      link={authResources.userRoles}
      ownerKey="user_id"
      candidateKey="role_id"
      label="app.tabs.roles"
      createPermission={P.USER_ROLE_CREATE}
      deletePermission={P.USER_ROLE_DELETE}
    />
  );
}

export function UserPermissionsPage() {
  return (
    <AssignmentTab
      candidates={authResources.permissions}
      link={authResources.userPermissions}
      ownerKey="user_id"
      candidateKey="permission_id"
      label="app.tabs.permissions"
      createPermission={P.USER_PERMISSION_CREATE}
      deletePermission={P.USER_PERMISSION_DELETE}
    />
  );
}

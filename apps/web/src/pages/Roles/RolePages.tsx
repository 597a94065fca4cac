import { PermissionName as P, RoleCreateSchema, RoleUpdateSchema } from '@federa/schemas';
import { useNavigate } from 'react-router';
import { AssignmentTab } from '../../components/AdminSection/AssignmentTab.tsx';
import { identityListColumns } from '../../components/AdminSection/columns.tsx';
import { afterCreatePath, ReadableList } from '../../components/AdminSection/ReadableList.tsx';
import { ROLE_READERS } from '../../navigation/identity-readers.ts';
import { RecordPage, useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { useRealmScope } from '../../components/AdminSection/use-realm-scope.ts';
import { NamedEntityForm, type NamedEntitySchemas } from '../../components/EntityForm/NamedEntityForm.tsx';
import { ResourceList } from '../../components/ResourceList/ResourceList.tsx';
import { authResources, type Role } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';

const LIST_PATH = '/admin/roles';

/**
 * Role: name required 3-30; display name 3-256; description 5-4096 (docs/product/identity-and-access.md §5).
 */
const ROLE_SCHEMAS: NamedEntitySchemas = { create: RoleCreateSchema, update: RoleUpdateSchema };

export function RolesPage() {
  return (
    <SectionPage
      title="app.pages.roles"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: [P.ROLE_CREATE] },
      ]}
    />
  );
}

export function RoleListPage() {
  const { hasPermission } = useSession();
  const filter = useRealmScope();
  return (
    <ReadableList readers={ROLE_READERS}>
      <ResourceList
        resource={authResources.roles}
        query={{ filter, include: ['realm'], sort: { name: 'ASC' } }}
        label="app.pages.roles"
        columns={identityListColumns<Role>()}
        countNoun="roles"
        searchField="search"
        searchPlaceholder="admin.list.searchNameOrDisplayName"
        itemName={(role) => role.name}
        detailPath={(role) => `${LIST_PATH}/${role.id}`}
        canDelete={(role) => hasPermission(P.ROLE_DELETE) && !role.built_in}
      />
    </ReadableList>
  );
}

export function RoleForm({
  entity,
  onSaved,
}: {
  readonly entity?: Role;
  readonly onSaved?: (role: Role) => void;
}) {
  return (
    <NamedEntityForm<Role>
      resource={authResources.roles}
      entity={entity}
      schemas={ROLE_SCHEMAS}
      onSaved={onSaved}
    />
  );
}

export function RoleAddPage() {
  const navigate = useNavigate();
  const { hasAnyPermission } = useSession();
  // The save already confirmed itself; open the new record only for those who may read it.
  return (
    <RoleForm
      onSaved={(role) => void navigate(afterCreatePath(hasAnyPermission(ROLE_READERS), LIST_PATH, role.id))}
    />
  );
}

export function RoleDetailPage() {
  return (
    <RecordPage
      resource={authResources.roles}
      kind="app.pages.role"
      listPath={LIST_PATH}
      query={{ include: ['realm'] }}
      tabs={[
        { to: '.', label: 'app.tabs.general' },
        { to: 'users', label: 'app.tabs.users' },
        { to: 'permissions', label: 'app.tabs.permissions' },
      ]}
    />
  );
}

export function RoleGeneralPage() {
  const role = useRecord<Role>();
  return <RoleForm key={role.id} entity={role} />;
}

export function RoleUsersPage() {
  return (
    <AssignmentTab
      candidates={authResources.users}
      link={authResources.userRoles}
      ownerKey="role_id"
      candidateKey="user_id"
      label="app.tabs.users"
      createPermission={P.USER_ROLE_CREATE}
      deletePermission={P.USER_ROLE_DELETE}
    />
  );
}

export function RolePermissionsPage() {
  return (
    <AssignmentTab
      candidates={authResources.permissions}
      link={authResources.rolePermissions}
      ownerKey="role_id"
      candidateKey="permission_id"
      label="app.tabs.permissions"
      createPermission={P.ROLE_PERMISSION_CREATE}
      deletePermission={P.ROLE_PERMISSION_DELETE}
    />
  );
}

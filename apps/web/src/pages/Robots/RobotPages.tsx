import { PermissionName as P } from '@federa/schemas';
import { useNavigate } from 'react-router';
import { AssignmentTab } from '../../components/AdminSection/AssignmentTab.tsx';
import { identityListColumns } from '../../components/AdminSection/columns.tsx';
import { afterCreatePath, ReadableList } from '../../components/AdminSection/ReadableList.tsx';
import { ROBOT_READERS } from '../../navigation/identity-readers.ts';
import { RecordPage, useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { useRealmScope } from '../../components/AdminSection/use-realm-scope.ts';
import { ResourceList } from '../../components/ResourceList/ResourceList.tsx';
import { authResources, type Robot } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import { RobotForm } from './RobotForm.tsx';

const LIST_PATH = '/admin/robots';

export function RobotsPage() {
  return (
    <SectionPage
      title="app.pages.robots"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: [P.ROBOT_CREATE] },
      ]}
    />
  );
}

export function RobotListPage() {
  const { hasPermission } = useSession();
  const filter = useRealmScope();
  return (
    <ReadableList readers={ROBOT_READERS}>
      <ResourceList
        resource={authResources.robots}
        query={{ filter, include: ['realm'], sort: { created_at: 'DESC' } }}
        label="app.pages.robots"
        columns={identityListColumns<Robot>()}
        countNoun="robots"
        searchField="search"
        searchPlaceholder="admin.list.searchNameOrDisplayName"
        itemName={(robot) => robot.name}
        detailPath={(robot) => `${LIST_PATH}/${robot.id}`}
        canDelete={hasPermission(P.ROBOT_DELETE)}
      />
    </ReadableList>
  );
}

export function RobotAddPage() {
  const navigate = useNavigate();
  const { hasAnyPermission } = useSession();
  // The save already confirmed itself; open the new record only for those who may read it.
  return (
    <RobotForm
      onSaved={(robot) =>
        void navigate(afterCreatePath(hasAnyPermission(ROBOT_READERS), LIST_PATH, robot.id))
      }
    />
  );
}

export function RobotDetailPage() {
  return (
    <RecordPage
      resource={authResources.robots}
      kind="app.pages.robot"
      listPath={LIST_PATH}
      // The stored secret (a hash) is opt-in; the form sends it back empty
      // (docs/product/identity-and-access.md §4 Forms).
      query={{ fields: ['+secret'], include: ['realm'] }}
      tabs={[
        { to: '.', label: 'app.tabs.general' },
        { to: 'roles', label: 'app.tabs.roles' },
        { to: 'permissions', label: 'app.tabs.permissions' },
      ]}
    />
  );
}

export function RobotGeneralPage() {
  const robot = useRecord<Robot>();
  return <RobotForm key={robot.id} entity={robot} />;
}

export function RobotRolesPage() {
  return (
    <AssignmentTab
      candidates={authResources.roles}
      link={authResources.robotRoles}
      ownerKey="robot_id"
      candidateKey="role_id"
      label="app.tabs.roles"
      createPermission={P.ROBOT_ROLE_CREATE}
      deletePermission={P.ROBOT_ROLE_DELETE}
    />
  );
}

export function RobotPermissionsPage() {
  return (
    <AssignmentTab
      candidates={authResources.permissions}
      link={authResources.robotPermissions}
      ownerKey="robot_id"
      candidateKey="permission_id"
      label="app.tabs.permissions"
      createPermission={P.ROBOT_PERMISSION_CREATE}
      deletePermission={P.ROBOT_PERMISSION_DELETE}
    />
  );
}

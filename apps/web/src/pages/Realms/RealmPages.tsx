import { PermissionName as P } from '@federa/schemas';
import { useNavigate } from 'react-router';
import {
  createdColumn,
  displayNameColumn,
  nameColumn,
  updatedColumn,
} from '../../components/AdminSection/columns.tsx';
import { RecordPage, useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { ResourceList } from '../../components/ResourceList/ResourceList.tsx';
import { authResources, type Realm } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import { MASTER_REALM_NAME } from './realm-form.ts';
import { RealmForm } from './RealmForm.tsx';

const LIST_PATH = '/admin/realms';

export function RealmsPage() {
  return (
    <SectionPage
      title="app.pages.realms"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: [P.REALM_CREATE] },
      ]}
    />
  );
}

export function RealmListPage() {
  const { hasPermission } = useSession();
  return (
    <ResourceList
      resource={authResources.realms}
      query={{ sort: { name: 'ASC' } }}
      label="app.pages.realms"
      columns={[
        nameColumn<Realm>(),
        displayNameColumn<Realm>(),
        createdColumn<Realm>(),
        updatedColumn<Realm>(),
      ]}
      countNoun="realms"
      searchField="search"
      searchPlaceholder="admin.list.searchNameOrDisplayName"
      itemName={(realm) => realm.name}
      detailPath={(realm) => `${LIST_PATH}/${realm.id}`}
      canDelete={(realm) =>
        hasPermission(P.REALM_DELETE) && !realm.built_in && realm.name !== MASTER_REALM_NAME
      }
    />
  );
}

export function RealmAddPage() {
  const navigate = useNavigate();
  return <RealmForm onSaved={(realm) => void navigate(`${LIST_PATH}/${realm.id}`)} />;
}

export function RealmDetailPage() {
  return (
    <RecordPage
      resource={authResources.realms}
      kind="app.pages.realm"
      listPath={LIST_PATH}
      tabs={[{ to: '.', label: 'app.tabs.general' }]}
    />
  );
}

export function RealmGeneralPage() {
  const realm = useRecord<Realm>();
  return <RealmForm key={realm.id} entity={realm} />;
}

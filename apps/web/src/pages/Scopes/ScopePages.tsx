import { PermissionName as P, ScopeCreateSchema, ScopeUpdateSchema } from '@federa/schemas';
import { useNavigate } from 'react-router';
import { identityListColumns } from '../../components/AdminSection/columns.tsx';
import { RecordPage, useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { useRealmScope } from '../../components/AdminSection/use-realm-scope.ts';
import { NamedEntityForm, type NamedEntitySchemas } from '../../components/EntityForm/NamedEntityForm.tsx';
import { ResourceList } from '../../components/ResourceList/ResourceList.tsx';
import { authResources, type Scope } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';

const LIST_PATH = '/admin/scopes';

/**
 * Scope: name required 3-256; display name 3-256; description 3-4096 (docs/product/identity-and-access.md
 * §5).
 */
const SCOPE_SCHEMAS: NamedEntitySchemas = { create: ScopeCreateSchema, update: ScopeUpdateSchema };

export function ScopesPage() {
  return (
    <SectionPage
      title="admin.scopes.title"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: [P.SCOPE_CREATE] },
      ]}
    />
  );
}

export function ScopeListPage() {
  const { hasPermission } = useSession();
  const filter = useRealmScope();
  return (
    <ResourceList
      resource={authResources.scopes}
      query={{ filter, include: ['realm'], sort: { name: 'ASC' } }}
      label="admin.scopes.title"
      columns={identityListColumns<Scope>()}
      countNoun="scopes"
      itemName={(scope) => scope.name}
      detailPath={(scope) => `${LIST_PATH}/${scope.id}`}
      canDelete={(scope) => hasPermission(P.SCOPE_DELETE) && !scope.built_in}
    />
  );
}

export function ScopeForm({
  entity,
  onSaved,
}: {
  readonly entity?: Scope;
  readonly onSaved?: (scope: Scope) => void;
}) {
  return (
    <NamedEntityForm<Scope>
      resource={authResources.scopes}
      entity={entity}
      schemas={SCOPE_SCHEMAS}
      builtInNameHint="admin.scopes.builtInLocked"
      onSaved={onSaved}
    />
  );
}

export function ScopeAddPage() {
  const navigate = useNavigate();
  return <ScopeForm onSaved={(scope) => void navigate(`${LIST_PATH}/${scope.id}`)} />;
}

export function ScopeDetailPage() {
  return (
    <RecordPage
      resource={authResources.scopes}
      kind="admin.scopes.page"
      listPath={LIST_PATH}
      query={{ include: ['realm'] }}
      tabs={[{ to: '.', label: 'app.tabs.general' }]}
    />
  );
}

export function ScopeGeneralPage() {
  const scope = useRecord<Scope>();
  return <ScopeForm key={scope.id} entity={scope} />;
}

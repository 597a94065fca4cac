import { createdColumn, updatedColumn } from '../../components/AdminSection/columns.tsx';
import { Badge } from '@mantine/core';
import { PermissionName as P } from '@federa/schemas';
import { useTranslation } from 'react-i18next';
import { useRealmScope } from '../../components/AdminSection/use-realm-scope.ts';
import { ResourceList } from '../../components/ResourceList/ResourceList.tsx';
import { authResources } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import type { Policy } from './policy-api.ts';
import { isPolicyType } from './policy-form.tsx';

function TypeBadge({ type }: { readonly type: string }) {
  const { t } = useTranslation();
  return <Badge variant="light">{isPolicyType(type) ? t(`policies.types.${type}`) : type}</Badge>;
}

/** `/admin/policies`: the policies of the managed realm, searchable by name, with open and delete. */
export function PolicyListPage() {
  const { hasPermission } = useSession();
  const filter = useRealmScope();
  return (
    <ResourceList
      resource={authResources.policies}
      label="app.pages.policies"
      query={{ filter, sort: { name: 'ASC' }, include: ['parent'] }}
      countNoun="policies"
      columns={[
        {
          key: 'name',
          header: 'admin.fields.name',
          sortKey: 'name',
          link: true,
          render: (policy) => policy.name,
        },
        {
          key: 'display_name',
          header: 'admin.fields.displayName',
          sortKey: 'display_name',
          render: (policy) => policy.display_name ?? '',
        },
        {
          key: 'type',
          header: 'policies.type',
          sortKey: 'type',
          render: (policy) => <TypeBadge type={policy.type} />,
        },
        { key: 'parent', header: 'policies.parent', render: (policy) => policy.parent?.name ?? '' },
        createdColumn<Policy>(),
        updatedColumn<Policy>(),
      ]}
      detailPath={(policy) => `/admin/policies/${policy.id}`}
      canDelete={(policy) => hasPermission(P.PERMISSION_DELETE) && policy.built_in !== true}
    />
  );
}

import { PermissionName as P } from '@federa/schemas';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';

/** `/admin/policies`: the list and the add form as tabs of one page. */
export function PoliciesPage() {
  return (
    <SectionPage
      title="app.pages.policies"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: [P.PERMISSION_CREATE] },
      ]}
    />
  );
}

import { PermissionName as P } from '@federa/schemas';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';

/** `/admin/identity-providers`: the list and the add form as tabs of one page. */
export function IdentityProvidersPage() {
  return (
    <SectionPage
      title="app.pages.identityProviders"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: [P.IDENTITY_PROVIDER_CREATE] },
      ]}
    />
  );
}

import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';

/** `/settings`: the signed-in user's profile, security and notifications as tabs. */
export function SettingsPage() {
  return (
    <SectionPage
      title="app.pages.settings"
      tabs={[
        { to: '.', label: 'app.tabs.general' },
        { to: 'security', label: 'app.tabs.security' },
        { to: 'notifications', label: 'app.tabs.notifications' },
      ]}
    />
  );
}

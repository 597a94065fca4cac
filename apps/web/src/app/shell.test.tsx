import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, renderApp, sessionWith } from '../test/render.tsx';

const topMenu = () => screen.getByRole('navigation', { name: 'Main menu' });
const sideMenu = () => screen.getByRole('navigation', { name: 'Section menu' });

describe('app shell', () => {
  it('sends a logged-out visitor of / to the login page, showing Home and Login only', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=/');
    expect(document.title).toBe('Federa HUB');

    expect(within(topMenu()).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(topMenu()).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();

    const side = sideMenu();
    expect(within(side).getByRole('link', { name: 'Login' })).toHaveAttribute('aria-current', 'page');
    expect(within(side).getByText('Others')).toBeInTheDocument();
    for (const hidden of ['Projects', 'Analyses', 'Settings', 'Info']) {
      expect(within(side).queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    }
  });

  it('has landmarks and a skip link that moves focus to the page', async () => {
    renderApp('/', { session: sessionWith() });
    await screen.findByRole('heading', { name: 'Welcome, alice' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('shows the menus of a signed-in user by their permissions', async () => {
    renderApp('/projects', { session: sessionWith('project_create') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    const side = sideMenu();
    expect(within(side).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
    expect(within(side).getByRole('link', { name: 'Info' })).not.toHaveAttribute('aria-current');
    expect(within(side).queryByRole('link', { name: 'Analyses' })).not.toBeInTheDocument();
    expect(within(side).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(topMenu()).getByRole('link', { name: 'Admin' })).toBeInTheDocument();
  });

  it('switches to the admin side menu under /admin/ and marks Admin active', async () => {
    renderApp('/admin/realms', { session: adminSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Realms' })).toBeInTheDocument();

    expect(within(topMenu()).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'true');
    expect(within(topMenu()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    const side = sideMenu();
    const auth = within(side).getByRole('list', { name: 'Auth' });
    expect(
      within(auth)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Realms',
      'Identity Providers',
      'Robots',
      'Users',
      'Roles',
      'Policies',
      'Permissions',
      'Clients',
      'Scopes',
    ]);
    const general = within(side).getByRole('list', { name: 'General' });
    expect(
      within(general)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Events', 'Nodes', 'Services']);
    expect(within(side).getByRole('link', { name: 'Realms' })).toHaveAttribute('aria-current', 'page');
    expect(within(side).queryByRole('link', { name: 'Projects' })).not.toBeInTheDocument();
  });

  it('names the screen in the window title, following navigation', async () => {
    renderApp('/admin/realms', { session: adminSession });
    await screen.findByRole('heading', { level: 1, name: 'Realms' });
    await waitFor(() => expect(document.title).toBe('Realms · Federa HUB'));

    await userEvent.setup().click(within(sideMenu()).getByRole('link', { name: 'Users' }));
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    await waitFor(() => expect(document.title).toBe('Users · Federa HUB'));
  });

  it('answers a record page of an unknown id with the not-found page inside its section', async () => {
    renderApp('/projects/42/settings', { session: adminSession });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Page Not Found: /projects/42/settings' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(within(sideMenu()).getByRole('link', { name: 'Projects' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('answers unknown paths with "Page Not Found: {path}"', async () => {
    renderApp('/nope');
    expect(await screen.findByRole('heading', { name: 'Page Not Found: /nope' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });

  it('keeps the admin side menu on unknown admin paths', async () => {
    renderApp('/admin/nope', { session: adminSession });
    expect(await screen.findByRole('heading', { name: 'Page Not Found: /admin/nope' })).toBeInTheDocument();
    expect(within(sideMenu()).getByRole('link', { name: 'Realms' })).toBeInTheDocument();
  });

  it('switches the language to German, remembers it and sets <html lang>', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    expect(document.documentElement.lang).toBe('en');

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');

    const germanTop = await screen.findByRole('navigation', { name: 'Hauptmenü' });
    expect(within(germanTop).getByRole('link', { name: 'Startseite' })).toBeInTheDocument();
    const germanSide = screen.getByRole('navigation', { name: 'Bereichsmenü' });
    expect(within(germanSide).getByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
    expect(within(germanSide).getByText('Sonstiges')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Hauptinhalt springen' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(window.localStorage.getItem('federa.locale')).toBe('de');
    expect(document.documentElement.lang).toBe('de');

    // A reload starts in the remembered language.
    cleanup();
    renderApp('/nope');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden: /nope' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hauptmenü' })).toBeInTheDocument();
  });
});

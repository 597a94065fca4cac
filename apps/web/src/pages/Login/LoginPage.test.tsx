import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  FakeAuthServer,
  json,
  MASTER_REALM,
  OTHER_REALM,
} from '../../test/fake-auth-server.ts';
import { renderApp } from '../../test/render.tsx';
import { fakeUser } from '../../test/session.ts';

// Lazy route modules (the page after sign-in) load on first use; give a busy machine time.
configure({ asyncUtilTimeout: 5000 });

const admin = fakeUser({ name: 'admin', permissions: ['user_create', 'realm_update'], realm: MASTER_REALM });
const bob = fakeUser({ name: 'bob', permissions: ['project_create'] });

function openLogin(path = '/login?redirect=/admin/users') {
  const server = new FakeAuthServer({ users: [admin, bob] });
  const view = renderApp(path, { server });
  return { ...view, user: userEvent.setup() };
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const passwordField = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Login' });
const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('LoginPage', () => {
  it('links only the self-service flows the server has switched on', async () => {
    const server = new FakeAuthServer({ users: [admin, bob] });
    server.intercept('GET', '/auth/account-features', () =>
      json(200, { registration: true, email_verification: true, password_recovery: false }),
    );
    renderApp('/login', { server });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.queryByRole('link', { name: 'Forgot your password?' })).toBeNull();
  });

  it('requires name and password', async () => {
    const { user, server } = openLogin();
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.click(submit());
    expect(nameField()).toHaveAccessibleDescription('This field is required');
    expect(passwordField()).toHaveAccessibleDescription('This field is required');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('/auth/token')).toHaveLength(0);
  });

  it('wants 3 to 255 characters', async () => {
    const { user, server } = openLogin();
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.type(nameField(), 'ab');
    await user.click(passwordField());
    await user.paste('x'.repeat(256));
    await user.click(submit());
    expect(nameField()).toHaveAccessibleDescription('This field should be at least 3 characters long');
    expect(passwordField()).toHaveAccessibleDescription('The maximum length allowed is 255');
    expect(server.callsTo('/auth/token')).toHaveLength(0);
  });

  it('shows the validation messages in German', async () => {
    const { user, i18n } = openLogin();
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.type(nameField(), 'ab');
    await user.click(submit());
    expect(nameField()).toHaveAccessibleDescription('This field should be at least 3 characters long');

    // A message on screen follows the language switch.
    await i18n.changeLanguage('de');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveAccessibleDescription('Dieses Feld muss mindestens 3 Zeichen lang sein');
    expect(screen.getByLabelText(/^Passwort/, { selector: 'input' })).toHaveAccessibleDescription(
      'Dieses Feld ist ein Pflichtfeld',
    );
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
  });

  it('shows the translated server error for wrong credentials', async () => {
    const { user, i18n } = openLogin();
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.type(nameField(), 'admin');
    await user.type(passwordField(), 'wrong-password');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The user credentials are invalid.');
    expect(submit()).toBeEnabled();

    await i18n.changeLanguage('de');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Anmeldedaten des Benutzers sind ungültig.',
    );
  });

  it('explains too many attempts', async () => {
    const { user, server } = openLogin();
    server.intercept('POST', '/auth/token', () =>
      errorResponse(
        429,
        'too_many_attempts',
        'Too many failed sign-in attempts. Please try again in 15 minutes.',
      ),
    );
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.type(nameField(), 'admin');
    await user.type(passwordField(), 'secret-password');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. Please wait a few minutes and try again.',
    );
  });

  it('signs in on Enter, shows the button busy meanwhile, and continues to the redirect target', async () => {
    const { user, server, router, session } = openLogin();
    let release: () => void = () => {};
    // The grant waits until the test lets it answer.
    server.intercept('POST', '/auth/token', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(200, server.issue(admin));
    });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.type(nameField(), 'admin');
    await user.type(passwordField(), 'secret-password{Enter}');

    await waitFor(() => expect(submit()).toHaveAttribute('data-loading', 'true'));
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(where(router)).toBe('/admin/users');
    expect(session.getState().user?.name).toBe('admin');
    expect(server.callsTo('/auth/token')[0]!.body).toMatchObject({
      username: 'admin',
      grant_type: 'password',
    });
  });

  it.each([
    ['/login', '/'],
    ['/login?redirect=https://evil.example/', '/'],
    ['/login?redirect=//evil.example/x', '/'],
    ['/login?redirect=/logout', '/'],
  ])('from %s continues to %s', async (start, target) => {
    const { user, router } = openLogin(start);
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.type(nameField(), 'admin');
    await user.type(passwordField(), 'secret-password{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    expect(router.state.location.search).toBe('');
  });

  it('signs in to the chosen realm', async () => {
    const { user, server } = openLogin('/login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.click(screen.getByRole('textbox', { name: /Realm/ }));
    const list = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['master', 'other']),
    );
    await user.click(screen.getByRole('option', { name: 'other' }));
    await user.type(nameField(), 'bob');
    await user.type(passwordField(), 'secret-password{Enter}');
    await waitFor(() => expect(server.callsTo('/auth/token')).toHaveLength(1));
    expect(server.callsTo('/auth/token')[0]!.body.realm_id).toBe(OTHER_REALM.id);
  });

  it('logs out again and stays on the login page when the target needs a permission the user lacks', async () => {
    const { user, router, session } = openLogin();
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.type(nameField(), 'bob');
    await user.type(passwordField(), 'secret-password{Enter}');
    await waitFor(() => expect(session.getState().resolved && !session.loggedIn).toBe(true));
    expect(where(router)).toBe('/login?redirect=/admin/users');
    expect(submit()).toBeEnabled();
  });
});

describe('after signing in', () => {
  async function signIn(name: string) {
    const view = openLogin('/login?redirect=/admin/realms');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await view.user.type(nameField(), name);
    await view.user.type(passwordField(), 'secret-password{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Realms' });
    return view;
  }

  it('shows the user menu with Settings and Logout; Logout ends the session', async () => {
    const { user, router, session, server } = await signIn('admin');
    const banner = screen.getByRole('banner');
    await user.click(within(banner).getByRole('button', { name: 'admin: user menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Signed in as admin')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(where(router)).toBe('/login');
    expect(session.loggedIn).toBe(false);
    expect(within(banner).queryByRole('button', { name: /user menu/ })).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('/auth/token/revoke')).toHaveLength(2));
  });

  it('lets a master-realm user switch the managed realm', async () => {
    const { user, session } = await signIn('admin');
    const switcher = screen.getByRole('combobox', { name: 'Managed realm' });
    expect(switcher).toHaveValue('master');
    await user.click(switcher);
    await user.click(await screen.findByRole('option', { name: 'other' }));
    expect(session.getState().realmManagement).toEqual(OTHER_REALM);
    expect(switcher).toHaveValue('other');
  });

  it('offers no realm switch to users of other realms', async () => {
    const view = openLogin('/login?redirect=/projects');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await view.user.type(nameField(), 'bob');
    await view.user.type(passwordField(), 'secret-password{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(screen.getByRole('button', { name: 'bob: user menu' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Managed realm' })).not.toBeInTheDocument();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeAuthServer, json } from '../../test/fake-auth-server.ts';
import { records } from '../../test/records.ts';
import { renderApp, sessionWith } from '../../test/render.tsx';

// Lazy route modules load on first use; give a busy machine time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

function openSettings(path: string, me: Record<string, unknown> = {}) {
  const server = new FakeAuthServer();
  const updates: Array<Record<string, unknown>> = [];
  server.route('POST', '/auth/users/user-alice', (call) => {
    updates.push(call.body as unknown as Record<string, unknown>);
    return json(202, records.user({ id: 'user-alice', name: 'alice' }));
  });
  // `GET users/@me` answers with the full profile.
  server.intercept(
    'GET',
    '/auth/users/@me',
    () =>
      json(200, {
        ...records.ownUser({
          id: 'user-alice',
          name: 'alice',
          display_name: 'Alice',
          email: 'alice@example.org',
          name_locked: false,
          realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0002',
        }),
        ...me,
      }),
    Number.POSITIVE_INFINITY,
  );
  server.intercept(
    'GET',
    '/auth/users/@me/sessions',
    () =>
      json(200, {
        data: [
          {
            id: 'session-here',
            created_at: new Date().toISOString(),
            expires_at: new Date(Date.now() + 86_400_000).toISOString(),
            scope: 'openid',
            client_id: null,
            client_name: null,
            ip_address: '192.0.2.10',
            user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
            current: true,
          },
          {
            id: 'session-script',
            created_at: new Date(Date.now() - 3_600_000).toISOString(),
            expires_at: new Date(Date.now() + 86_400_000).toISOString(),
            scope: 'global',
            client_id: null,
            client_name: null,
            ip_address: '198.51.100.7',
            user_agent: 'SomeInternalTool/2.1',
            current: false,
          },
        ],
        meta: { total: 2 },
      }),
    Number.POSITIVE_INFINITY,
  );
  const view = renderApp(path, { session: sessionWith(), server });
  return { ...view, updates, user: userEvent.setup({ delay: null }) };
}

const current = () => screen.getByLabelText(/^Current password/, { selector: 'input' });
const password = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const repeat = () => screen.getByLabelText(/^Repeat password/, { selector: 'input' });
const change = () => screen.getByRole('button', { name: 'Change password' });

describe('SettingsPage', () => {
  it('has the profile, security and notifications tabs', async () => {
    const { user, router } = openSettings('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(nav).toHaveTextContent('General');
    await user.click(screen.getByRole('link', { name: 'Notifications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/notifications'));
    expect(await screen.findByText('There are no notification settings yet.')).toBeInTheDocument();
  });

  it('refuses a password repeat that differs', async () => {
    const { user, updates } = openSettings('/settings/security');
    await screen.findByRole('heading', { name: 'Change password' });
    await user.type(password(), 'Secret-123');
    await user.type(repeat(), 'Secret-124');
    await user.click(change());
    expect(repeat()).toHaveAccessibleDescription('The value must be equal to the password value');
    expect(updates).toHaveLength(0);
  });

  it('checks length and strength, then changes the password', async () => {
    const { user, updates, i18n } = openSettings('/settings/security');
    await screen.findByRole('heading', { name: 'Change password' });
    await user.click(change());
    expect(current()).toHaveAccessibleDescription(/This field is required/);
    expect(password()).toHaveAccessibleDescription('This field is required');
    expect(repeat()).toHaveAccessibleDescription('This field is required');
    await user.type(current(), 'Old-Passw0rd');

    await user.type(password(), 'abcd');
    await user.click(change());
    expect(password()).toHaveAccessibleDescription('This field should be at least 5 characters long');

    await user.type(password(), 'efgh');
    await user.click(change());
    expect(password()).toHaveAccessibleDescription(
      'The password must be at least 8 characters long and contain an uppercase letter, a lowercase letter and a digit',
    );

    await user.clear(password());
    await user.type(password(), 'Abcdefg1');
    await user.type(repeat(), 'Abcdefg2');
    await i18n.changeLanguage('de');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' })).toHaveAccessibleDescription(
      'Der Wert muss mit dem Wert von Passwort übereinstimmen',
    );
    await user.clear(screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }), 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() =>
      expect(updates).toEqual([
        { password_current: 'Old-Passw0rd', password: 'Abcdefg1', password_repeat: 'Abcdefg1' },
      ]),
    );
  });

  it('shows a wrong current password at its field, translated', async () => {
    const { user, server, i18n } = openSettings('/settings/security');
    server.intercept('POST', '/auth/users/user-alice', () =>
      json(400, {
        statusCode: 400,
        code: 'current_password_invalid',
        message: 'The current password is missing or wrong. It is needed to change your own password.',
      }),
    );
    await screen.findByRole('heading', { name: 'Change password' });
    await user.type(current(), 'Wrong-Passw0rd');
    await user.type(password(), 'Abcdefg1');
    await user.type(repeat(), 'Abcdefg1');
    await i18n.changeLanguage('de');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Aktuelles Passwort/, { selector: 'input' })).toHaveAccessibleDescription(
        /Ihr aktuelles Passwort fehlt oder ist falsch/,
      ),
    );
  });

  it('lists the own sessions with this browser marked', async () => {
    openSettings('/settings/security');
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    expect(list).toHaveTextContent('Federa HUB');
    expect(list).toHaveTextContent('This browser');
    const [here, script] = within(list).getAllByRole('listitem');
    expect(here).toHaveTextContent('Firefox on Linux · IP address: 192.0.2.10');
    expect(script).toHaveTextContent('Unknown browser or program · IP address: 198.51.100.7');
    // The current session is ended by signing out, not from the list; the other one is.
    expect(within(here!).queryByRole('button', { name: /^Sign out the session/ })).toBeNull();
    expect(within(script!).getByRole('button', { name: /^Sign out the session/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
  });

  it('updates the own profile', async () => {
    const { user, updates } = openSettings('/settings');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveValue('alice@example.org'));
    await user.clear(email);
    await user.type(email, 'alice@');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(email).toHaveAccessibleDescription('Value is not a valid email address');
    await user.type(email, 'example.com');
    await user.clear(screen.getByRole('textbox', { name: 'Display name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(updates).toEqual([{ name: 'alice', display_name: null, email: 'alice@example.com' }]),
    );
  });

  it('does not let a locked name change', async () => {
    const { user, updates } = openSettings('/settings', { name_locked: true });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toBeDisabled());
    expect(screen.getByText('Your name is locked and can not be changed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).not.toHaveProperty('name');
  });
});

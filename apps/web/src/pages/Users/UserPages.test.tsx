import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, MASTER_REALM } from '../../test/fake-auth-server.ts';
import { records } from '../../test/records.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

function server() {
  const fake = new FakeAuthServer();
  const users = serveResource(fake, '/auth/users', [
    {
      id: 'u1',
      name: 'alice',
      display_name: 'Alice',
      realm_id: MASTER_REALM.id,
      realm: records.realm({ ...MASTER_REALM }),
      active: true,
    },
    { id: 'u2', name: 'locked', name_locked: true, realm_id: MASTER_REALM.id, active: true },
  ]);
  const roles = serveResource(fake, '/auth/roles', [{ id: 'r1', name: 'admin' }]);
  const links = serveResource(fake, '/auth/user-roles', []);
  return { fake, users, roles, links };
}

describe('user screens', () => {
  it('lists users and opens one', async () => {
    const { fake } = server();
    renderApp('/admin/users', { session: adminSession, server: fake });
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });
    expect(within(table).getByText('alice')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Open alice' }));
    expect(await screen.findByRole('heading', { name: 'Alice', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('alice');
  });

  it('checks the user form with the spec messages before anything is sent', async () => {
    const { fake } = server();
    renderApp('/admin/users/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    const nameInput = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    await user.type(nameInput, 'a b');
    await user.type(screen.getByRole('textbox', { name: 'Display name' }), 'ab');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nomail');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Use only letters (a-z, A-Z, no accents), digits, hyphen, underscore and dot.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This field should be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByText('Value is not a valid email address')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST' && call.path === '/auth/users')).toBe(false);
    // The error is tied to its field.
    expect(nameInput).toHaveAccessibleDescription(
      'Use only letters (a-z, A-Z, no accents), digits, hyphen, underscore and dot.',
    );
  });

  it('creates a user in the managed realm and shows it', async () => {
    const { fake, users } = server();
    renderApp('/admin/users/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 }), 'bob');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(users.some((row) => row.name === 'bob')).toBe(true));
    const created = fake.calls.find((call) => call.method === 'POST' && call.path === '/auth/users');
    expect(created?.body).toEqual({
      name: 'bob',
      display_name: null,
      email: null,
      active: true,
      realm_id: MASTER_REALM.id,
    });
    expect(await screen.findByRole('heading', { name: 'bob', level: 1 })).toBeInTheDocument();
  });

  it('shows server validation issues at their fields and the aggregate message', async () => {
    const { fake } = server();
    fake.intercept(
      'POST',
      '/auth/users',
      () =>
        new Response(
          JSON.stringify({
            statusCode: 400,
            code: 'validation_failed',
            message: 'The attributes name, email are invalid.',
            issues: [
              { path: 'name', code: 'custom', message: 'This name is reserved.' },
              {
                path: 'email',
                code: 'too_small',
                message: 'This field should be at least 5 characters long',
              },
            ],
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    renderApp('/admin/users/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    // A name the form accepts: what the server finds wrong is shown anyway.
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 }), 'carol');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The attributes name, email are invalid.')).toBeInTheDocument();
    expect(screen.getByText('This name is reserved.')).toBeInTheDocument();
    expect(screen.getByText('This field should be at least 5 characters long')).toBeInTheDocument();
  });

  it("refuses a reserved name and a short e-mail address before sending, in the server's words", async () => {
    const { fake } = server();
    let posted = false;
    fake.intercept('POST', '/auth/users', () => {
      posted = true;
      return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
    });
    renderApp('/admin/users/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 }), 'System-bot');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'a@b');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This name is reserved.')).toBeInTheDocument();
    expect(screen.getByText('This field should be at least 5 characters long')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('keeps the name of a locked user fixed', async () => {
    const { fake } = server();
    renderApp('/admin/users/u2', { session: adminSession, server: fake });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Name locked/ })).toBeChecked();
  });

  it('frees the name as soon as the lock is switched off, and locks it when switched on', async () => {
    const { fake } = server();
    renderApp('/admin/users/u2', { session: adminSession, server: fake });
    const nameInput = await screen.findByRole('textbox', { name: /^Name/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: /Name locked/ }));
    expect(nameInput).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: /Name locked/ }));
    expect(nameInput).toBeDisabled();
  });

  it('assigns a role on the roles tab', async () => {
    const { fake, links } = server();
    renderApp('/admin/users/u1/roles', { session: adminSession, server: fake });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Assign admin' }));
    await waitFor(() => expect(links).toEqual([expect.objectContaining({ user_id: 'u1', role_id: 'r1' })]));
    expect(await screen.findByRole('button', { name: 'Remove admin' })).toBeInTheDocument();
  });
});

describe('user password', () => {
  it('asks for a strong password twice and sends both', async () => {
    const { fake } = server();
    renderApp('/admin/users/u1', { session: adminSession, server: fake });
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^Password/, {}, { timeout: 5000 });
    await user.type(password, 'abcd');
    await user.type(screen.getByLabelText(/^Repeat password/), 'abcde');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(await screen.findByText('This field should be at least 5 characters long')).toBeInTheDocument();
    expect(screen.getByText('The value must be equal to the password value')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Str0ng-Password');
    await user.clear(screen.getByLabelText(/^Repeat password/));
    await user.type(screen.getByLabelText(/^Repeat password/), 'Str0ng-Password');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    await waitFor(() =>
      expect(
        fake.calls.find((call) => call.method === 'POST' && call.path === '/auth/users/u1')?.body,
      ).toEqual({
        password: 'Str0ng-Password',
        password_repeat: 'Str0ng-Password',
      }),
    );
  });

  it('asks for the current password when the administrator sets their own', async () => {
    const fake = new FakeAuthServer();
    serveResource(fake, '/auth/users', [
      {
        id: 'user-admin',
        name: 'admin',
        realm_id: MASTER_REALM.id,
        realm: records.realm({ ...MASTER_REALM }),
        active: true,
      },
    ]);
    serveResource(fake, '/auth/user-roles', []);
    renderApp('/admin/users/user-admin', { session: adminSession, server: fake });
    const user = userEvent.setup();
    const current = await screen.findByLabelText(/^Current password/, {}, { timeout: 5000 });
    await user.type(screen.getByLabelText(/^Password/), 'Str0ng-Password');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Str0ng-Password');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(current).toHaveAccessibleDescription(/This field is required/);

    await user.type(current, 'Old-Passw0rd');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    await waitFor(() =>
      expect(
        fake.calls.find((call) => call.method === 'POST' && call.path === '/auth/users/user-admin')?.body,
      ).toEqual({
        password_current: 'Old-Passw0rd',
        password: 'Str0ng-Password',
        password_repeat: 'Str0ng-Password',
      }),
    );
  });
});

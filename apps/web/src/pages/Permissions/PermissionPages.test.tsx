import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, json, MASTER_REALM } from '../../test/fake-auth-server.ts';
import { records } from '../../test/records.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

const WAIT = { timeout: 5000 };

function server() {
  const fake = new FakeAuthServer();
  const permissions = serveResource(fake, '/auth/permissions', [
    { id: 'p1', name: 'user_read', built_in: true, realm_id: null },
  ]);
  serveResource(fake, '/auth/policies', [
    {
      id: '6a0f4b1e-3c2d-4e5f-8a9b-0c1d2e3f4a51',
      name: 'weekdays',
      type: 'time',
      parent_id: null,
      realm_id: MASTER_REALM.id,
    },
    {
      id: '6a0f4b1e-3c2d-4e5f-8a9b-0c1d2e3f4a52',
      name: 'elsewhere',
      type: 'date',
      parent_id: null,
      realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0002',
    },
  ]);
  return { fake, permissions };
}

describe('permission screens', () => {
  it('checks the permission rules', async () => {
    const { fake } = server();
    renderApp('/admin/permissions/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, WAIT), 'no spaces');
    await user.type(screen.getByRole('textbox', { name: 'Display name' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Use only letters (a-z, A-Z, no accents), digits, hyphen, underscore and dot.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This field should be at least 3 characters long')).toBeInTheDocument();
  });

  it('offers the top-level policies of the chosen realm and sends the chosen one', async () => {
    const { fake, permissions } = server();
    renderApp('/admin/permissions/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, WAIT), 'data_read');
    await user.click(screen.getByRole('textbox', { name: /^Policy/ }));
    await user.click(await screen.findByRole('option', { name: 'weekdays (time)' }));
    const lookup = fake.calls.find((call) => call.path === '/auth/policies');
    expect(lookup?.query.get('filter[parent_id]')).toBe('null');
    expect(lookup?.query.get('filter[realm_id]')).toBe(MASTER_REALM.id);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(permissions.at(-1)).toMatchObject({
        name: 'data_read',
        policy_id: '6a0f4b1e-3c2d-4e5f-8a9b-0c1d2e3f4a51',
        realm_id: MASTER_REALM.id,
      }),
    );
  });

  it('clears the policy when the realm changes', async () => {
    const { fake } = server();
    renderApp('/admin/permissions/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: /^Name/ }, WAIT);
    await user.click(screen.getByRole('textbox', { name: /^Policy/ }));
    await user.click(await screen.findByRole('option', { name: 'weekdays (time)' }));
    expect(screen.getByRole('textbox', { name: /^Policy/ })).toHaveValue('weekdays (time)');
    await user.click(screen.getByRole('textbox', { name: /^Realm/ }));
    await user.click(await screen.findByRole('option', { name: 'other' }));
    expect(screen.getByRole('textbox', { name: /^Policy/ })).toHaveValue('');
  });

  it('keeps the name of a built-in permission', async () => {
    const { fake } = server();
    renderApp('/admin/permissions/p1', { session: adminSession, server: fake });
    expect(await screen.findByRole('textbox', { name: /^Name/ }, WAIT)).toBeDisabled();
    expect(screen.getByText('The name of a built-in permission can not be changed.')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'user_read' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['General', 'Roles', 'Users', 'Robots', 'Check access']);
  });

  it('checks access for a chosen robot and names the policy that refused', async () => {
    const { fake } = server();
    serveResource(fake, '/auth/robots', [
      {
        id: 'r1',
        name: 'nightly',
        realm_id: MASTER_REALM.id,
        realm: records.realm({ id: MASTER_REALM.id, name: 'master' }),
      },
    ]);
    serveResource(fake, '/auth/users', [
      {
        id: 'u9',
        name: 'alice',
        realm_id: MASTER_REALM.id,
        realm: records.realm({ id: MASTER_REALM.id, name: 'master' }),
      },
    ]);
    const answers = [
      {
        status: 'error',
        data: {
          statusCode: 403,
          code: 'policy_denied',
          message: 'x',
          policy: { id: '6a0f4b1e-3c2d-4e5f-8a9b-0c1d2e3f4a51', name: 'weekdays', type: 'time' },
        },
      },
      { status: 'success' },
    ];
    fake.route('POST', '/auth/permissions/p1/check', () => json(202, answers.shift()));
    renderApp('/admin/permissions/p1/check', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Robot' }, WAIT));
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(await screen.findByRole('option', { name: 'nightly (master)' }));
    await user.click(screen.getByRole('button', { name: 'Check access' }));
    expect(await screen.findByText('Refused: nightly may not use user_read now.')).toBeInTheDocument();
    expect(screen.getByText('Decided by the policy "weekdays" (time).')).toBeInTheDocument();
    const sent = fake.calls.filter((call) => call.path === '/auth/permissions/p1/check').at(-1);
    expect(sent?.body).toMatchObject({ identity: { type: 'robot', id: 'r1', realmName: 'master' } });

    await user.click(screen.getByRole('button', { name: 'Check access' }));
    expect(await screen.findByText('Granted: nightly may use user_read now.')).toBeInTheDocument();
  });
});

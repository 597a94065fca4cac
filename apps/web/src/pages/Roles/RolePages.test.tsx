import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, MASTER_REALM } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp, sessionWith } from '../../test/render.tsx';

const WAIT = { timeout: 5000 };

function server() {
  const fake = new FakeAuthServer();
  const roles = serveResource(fake, '/auth/roles', [
    { id: 'r1', name: 'admin', built_in: true, realm_id: null },
  ]);
  return { fake, roles };
}

describe('role screens', () => {
  it('checks the role rules (name at most 30 characters, description at least 5)', async () => {
    const { fake } = server();
    renderApp('/admin/roles/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, WAIT), 'r'.repeat(31));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The maximum length allowed is 30')).toBeInTheDocument();
    expect(screen.getByText('This field should be at least 5 characters long')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST' && call.path === '/auth/roles')).toBe(false);
  });

  it('lets a master-realm user pick the realm on create, in the managed realm by default', async () => {
    const { fake, roles } = server();
    renderApp('/admin/roles/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, WAIT), 'editor');
    expect(screen.getByRole('textbox', { name: /^Realm/ })).toHaveValue('master');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(roles.at(-1)).toMatchObject({ name: 'editor', realm_id: MASTER_REALM.id }));
  });

  it('shows no realm picker to users of another realm', async () => {
    const { fake } = server();
    renderApp('/admin/roles/add', { session: sessionWith('role_create'), server: fake });
    await screen.findByRole('textbox', { name: /^Name/ }, WAIT);
    expect(screen.queryByRole('textbox', { name: /^Realm/ })).not.toBeInTheDocument();
  });

  it('shows the realm picker on create only', async () => {
    const { fake } = server();
    renderApp('/admin/roles/r1', { session: adminSession, server: fake });
    await screen.findByRole('textbox', { name: /^Name/ }, WAIT);
    expect(screen.queryByRole('textbox', { name: /^Realm/ })).not.toBeInTheDocument();
  });
});

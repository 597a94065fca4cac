import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { installFakeRealtime } from '../../resources/live/fake-live-socket.ts';
import { authResources, type Role } from '../../resources/resource-types.ts';
import { records } from '../../test/records.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { adminSession, createTestSession } from '../../test/session.ts';
import { AssignmentList } from './AssignmentList.tsx';

async function setup({ canAssign = true, canUnassign = true } = {}) {
  const test = createTestSession({ signedIn: adminSession });
  await test.session.resolve();
  serveResource(test.server, '/auth/roles', [
    { id: 'r1', name: 'admin' },
    { id: 'r2', name: 'editor' },
    { id: 'r3', name: 'viewer' },
  ]);
  const links = serveResource(test.server, '/auth/user-roles', [
    { id: 'l1', user_id: 'u1', role_id: 'r1' },
    { id: 'l2', user_id: 'u2', role_id: 'r2' },
  ]);
  const live = installFakeRealtime(test.session);
  renderWithProviders(
    <MemoryRouter>
      <AssignmentList<Role>
        candidates={authResources.roles}
        link={authResources.userRoles}
        owner={{ key: 'user_id', id: 'u1' }}
        candidateKey="role_id"
        label="app.tabs.roles"
        columns={[{ key: 'name', header: 'admin.fields.name', render: (role) => role.name }]}
        canAssign={canAssign}
        canUnassign={canUnassign}
      />
    </MemoryRouter>,
    { session: test.session },
  );
  return { ...test, links, live };
}

describe('AssignmentList', () => {
  it('shows which candidates are assigned and toggles them', async () => {
    const { server, links } = await setup();
    const user = userEvent.setup();
    // Only the links of this owner count: editor belongs to another user.
    expect(await screen.findByRole('button', { name: 'Remove admin' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Assign editor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign viewer' })).toBeInTheDocument();
    const lookup = server.calls.find((call) => call.path === '/auth/user-roles' && call.method === 'GET');
    expect(lookup?.query.get('filter[user_id]')).toBe('u1');
    expect(lookup?.query.get('filter[role_id]')).toBe('r1,r2,r3');

    await user.click(screen.getByRole('button', { name: 'Assign editor' }));
    expect(await screen.findByRole('button', { name: 'Remove editor' })).toBeInTheDocument();
    const created = server.calls.find((call) => call.path === '/auth/user-roles' && call.method === 'POST');
    expect(created?.body).toEqual({ user_id: 'u1', role_id: 'r2' });
    expect(await screen.findByText('editor assigned.')).toBeInTheDocument();

    // Removing asks first; cancelling keeps the link.
    await user.click(screen.getByRole('button', { name: 'Remove admin' }));
    const question = await screen.findByRole('dialog', { name: 'Remove assignment' });
    expect(question).toHaveTextContent('Remove admin? Access granted through it ends at once.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove admin' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove assignment' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Assign admin' })).toBeInTheDocument();
    expect(await screen.findByText('admin removed.')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'DELETE' && call.path === '/auth/user-roles/l1')).toBe(
      true,
    );
    expect(links.map((link) => link.role_id).sort()).toEqual(['r2', 'r2']);
  });

  it('follows links created and deleted elsewhere', async () => {
    const { live } = await setup();
    await screen.findByRole('button', { name: 'Remove admin' });
    act(() =>
      live.socket.push('userRole', 'created', records.userRole({ id: 'l9', user_id: 'u1', role_id: 'r3' })),
    );
    expect(await screen.findByRole('button', { name: 'Remove viewer' })).toBeInTheDocument();
    act(() =>
      live.socket.push('userRole', 'created', records.userRole({ id: 'l8', user_id: 'u2', role_id: 'r2' })),
    );
    act(() => live.socket.push('userRole', 'deleted', { id: 'l1', user_id: 'u1', role_id: 'r1' }));
    expect(await screen.findByRole('button', { name: 'Assign admin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign editor' })).toBeInTheDocument();
  });

  it('disables the toggles the user may not use', async () => {
    await setup({ canAssign: false });
    expect(await screen.findByRole('button', { name: 'Remove admin' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Assign editor' })).toBeDisabled();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { errorResponse, FakeAuthServer, OTHER_REALM } from '../../test/fake-auth-server.ts';
import { renderApp, sessionWith } from '../../test/render.tsx';

// Cold starts of the lazy routes are slow on a loaded machine, hence 15 s per test.
const listCalls = (fake: FakeAuthServer) =>
  fake.calls.filter((call) => call.method === 'GET' && call.path === '/auth/users');

describe('a taken user name', () => {
  it('is shown at the Name field, naming the value', async () => {
    const fake = new FakeAuthServer();
    serveResource(fake, '/auth/users', []);
    fake.intercept('POST', '/auth/users', () =>
      errorResponse(409, 'conflict', 'An entry with the same name exists already.'),
    );
    renderApp('/admin/users/add', { session: sessionWith('user_create', 'user_read'), server: fake });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 });
    await user.type(name, 'bob');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('The name "bob" is taken already; please choose another.'),
    );
  }, 15_000);
});

describe('deleting users', () => {
  it('offers to delete other users, never oneself', async () => {
    const fake = new FakeAuthServer();
    serveResource(fake, '/auth/users', [
      { id: 'user-alice', name: 'alice', realm_id: OTHER_REALM.id, active: true },
      { id: 'u2', name: 'bob', realm_id: OTHER_REALM.id, active: true },
    ]);
    renderApp('/admin/users', { session: sessionWith('user_read', 'user_delete'), server: fake });
    expect(await screen.findByRole('button', { name: 'Delete bob' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open alice' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete alice' })).not.toBeInTheDocument();
  }, 15_000);
});

describe('users for those who may create but not read them', () => {
  it('explains instead of asking for a list the server refuses, and leads to the add form', async () => {
    const fake = new FakeAuthServer();
    fake.route('GET', '/auth/users', () => errorResponse(403, 'forbidden'));
    renderApp('/admin/users', { session: sessionWith('user_create'), server: fake });
    expect(
      await screen.findByText('You may add entries here (Add), but not see the list.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(listCalls(fake)).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Add' }));
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeInTheDocument();
  }, 15_000);

  it('after creating, goes back to the section with a success notice instead of the unreadable record', async () => {
    const fake = new FakeAuthServer();
    const users = serveResource(fake, '/auth/users', []);
    const { router } = renderApp('/admin/users/add', { session: sessionWith('user_create'), server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 }), 'bob');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(users.some((row) => row.name === 'bob')).toBe(true));
    expect(await screen.findByText('Created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(
      await screen.findByText('You may add entries here (Add), but not see the list.'),
    ).toBeInTheDocument();
  }, 15_000);
});

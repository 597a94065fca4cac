import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { errorResponse, json } from '../../test/fake-auth-server.ts';
import { installFakeRealtime } from '../../resources/live/fake-live-socket.ts';
import { authResources, type User } from '../../resources/resource-types.ts';
import { records } from '../../test/records.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { adminSession, createTestSession } from '../../test/session.ts';
import { ResourceList, type ResourceListProps } from './ResourceList.tsx';

const user = (index: number) =>
  records.user({
    id: `u${index}`,
    name: `user-${String(index).padStart(2, '0')}`,
    created_at: `2026-01-${String(index).padStart(2, '0')}T00:00:00Z`,
  });

async function setup(
  rows: Array<Record<string, unknown> & { id: string }>,
  props: Partial<ResourceListProps<User>> = {},
) {
  const test = createTestSession({ signedIn: adminSession });
  await test.session.resolve();
  serveResource(test.server, '/auth/users', rows);
  const live = installFakeRealtime(test.session);
  renderWithProviders(
    <MemoryRouter>
      <ResourceList<User>
        resource={authResources.users}
        label="admin.users.title"
        columns={[{ key: 'name', header: 'admin.fields.name', render: (item) => item.name }]}
        itemName={(item) => item.name}
        detailPath={(item) => item.id}
        canDelete
        {...props}
      />
    </MemoryRouter>,
    { session: test.session },
  );
  return { ...test, live, rows };
}

const shownNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

const listCalls = (server: Awaited<ReturnType<typeof setup>>['server']) =>
  server.calls.filter((call) => call.method === 'GET' && call.path === '/auth/users');

describe('ResourceList', () => {
  it('shows 10 items per page and pages through the rest', async () => {
    const { server } = await setup(
      Array.from({ length: 12 }, (_, index) => user(index + 1)),
      {
        query: { sort: { name: 'ASC' } },
      },
    );
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(shownNames()[0]).toBe('user-01');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(shownNames()).toEqual(['user-11', 'user-12']));
    expect(listCalls(server).at(-1)?.query.get('page[offset]')).toBe('10');
    expect(listCalls(server).at(-1)?.query.get('page[limit]')).toBe('10');
  });

  it('searches by name prefix once typing pauses for 200 ms', async () => {
    const { server } = await setup([
      { id: 'a', name: 'alice' },
      { id: 'b', name: 'alfred' },
      { id: 'c', name: 'bob' },
    ]);
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search' }), 'ali');
    await waitFor(() => expect(shownNames()).toEqual(['alice']));
    const filters = listCalls(server).map((call) => call.query.get('filter[name]'));
    // One request for the list, one for the finished word: none per keystroke.
    expect(filters).toEqual([null, '~ali']);
    expect(listCalls(server).at(-1)?.query.get('page[offset]')).toBe('0');
  });

  it('says "No more items available..." when nothing matches', async () => {
    await setup([]);
    expect(await screen.findByText('No more items available...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error of a failed load with a way to try again', async () => {
    const test = createTestSession({ signedIn: adminSession });
    await test.session.resolve();
    const rows = serveResource(test.server, '/auth/users', [{ id: 'a', name: 'alice' }]);
    test.server.intercept('GET', '/auth/users', () => errorResponse(403, 'permission_denied', 'no'), 1);
    renderWithProviders(
      <MemoryRouter>
        <ResourceList<User>
          resource={authResources.users}
          label="admin.users.title"
          columns={[{ key: 'name', header: 'admin.fields.name', render: (item) => item.name }]}
        />
      </MemoryRouter>,
      { session: test.session },
    );
    // A refusal is reported at once: the query client never retries a 403.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('The list could not be loaded.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shownNames()).toEqual(['alice']));
    expect(rows).toHaveLength(1);
  });

  it('deletes a row only after the confirmation', async () => {
    const { server, rows } = await setup([
      { id: 'a', name: 'alice' },
      { id: 'b', name: 'bob' },
    ]);
    const userActions = userEvent.setup();
    await userActions.click(await screen.findByRole('button', { name: 'Delete alice' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Do you really want to delete "alice"?');
    await userActions.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userActions.click(screen.getByRole('button', { name: 'Delete alice' }));
    await userActions.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(shownNames()).toEqual(['bob']));
    expect(server.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/auth/users/a',
    ]);
    expect(rows.map((row) => row.id)).toEqual(['b']);
  });

  it('follows live events: created on top of a newest-first first page, updates merge, deletes go', async () => {
    const { live } = await setup([user(2), user(1)], { query: { sort: { created_at: 'DESC' } } });
    await waitFor(() => expect(shownNames()).toEqual(['user-02', 'user-01']));
    expect(live.socket.emittedNames).toContain('userSubscribe');

    act(() => live.socket.push('user', 'created', user(3)));
    await waitFor(() => expect(shownNames()).toEqual(['user-03', 'user-02', 'user-01']));
    act(() => live.socket.push('user', 'updated', { id: 'u2', name: 'renamed' }));
    await waitFor(() => expect(shownNames()).toEqual(['user-03', 'renamed', 'user-01']));
    act(() => live.socket.push('user', 'deleted', { id: 'u1' }));
    await waitFor(() => expect(shownNames()).toEqual(['user-03', 'renamed']));
  });

  it('leaves a created record out of a full page it does not belong to', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => user(index + 1));
    const { live } = await setup(rows, { query: { sort: { name: 'ASC' } } });
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    act(() => live.socket.push('user', 'created', records.user({ id: 'n', name: 'user-00' })));
    // Now the total is 11: a second page exists.
    expect(await screen.findByRole('button', { name: 'Page 2' })).toBeInTheDocument();
    expect(shownNames()).toHaveLength(10);
    expect(shownNames()).not.toContain('user-00');
  });

  it('inserts a created record matching the search into a page that is not full, at its place', async () => {
    const { live } = await setup(
      [
        { id: 'a', name: 'alice' },
        { id: 'c', name: 'carol' },
      ],
      { query: { sort: { name: 'ASC' } } },
    );
    await waitFor(() => expect(shownNames()).toEqual(['alice', 'carol']));
    act(() => live.socket.push('user', 'created', records.user({ id: 'b', name: 'bob' })));
    await waitFor(() => expect(shownNames()).toEqual(['alice', 'bob', 'carol']));
  });

  it('orders by a column heading on the server: first press ascending, the next descending', async () => {
    const { server } = await setup(
      [
        { id: 'b', name: 'bob' },
        { id: 'a', name: 'alice' },
        { id: 'c', name: 'carol' },
      ],
      {
        query: { sort: { created_at: 'DESC' } },
        columns: [{ key: 'name', header: 'admin.fields.name', sortKey: 'name', render: (item) => item.name }],
      },
    );
    await waitFor(() => expect(shownNames()).toEqual(['bob', 'alice', 'carol']));
    const heading = screen.getByRole('columnheader', { name: 'Name' });
    expect(heading).toHaveAttribute('aria-sort', 'none');

    const actions = userEvent.setup();
    await actions.click(within(heading).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(shownNames()).toEqual(['alice', 'bob', 'carol']));
    expect(heading).toHaveAttribute('aria-sort', 'ascending');
    expect(listCalls(server).at(-1)?.query.get('sort')).toBe('name');

    // The keyboard works as well: Enter on the focused heading reverses the order.
    within(heading).getByRole('button', { name: 'Name' }).focus();
    await actions.keyboard('{Enter}');
    await waitFor(() => expect(shownNames()).toEqual(['carol', 'bob', 'alice']));
    expect(heading).toHaveAttribute('aria-sort', 'descending');
    expect(listCalls(server).at(-1)?.query.get('sort')).toBe('-name');
  });

  it('says how many records the list holds, in words with the right plural', async () => {
    await setup(
      Array.from({ length: 12 }, (_, index) => user(index + 1)),
      { countNoun: 'users' },
    );
    expect(await screen.findByText('12 users')).toBeInTheDocument();
    cleanup();
    await setup([user(1)], { countNoun: 'users' });
    expect(await screen.findByText('1 user')).toBeInTheDocument();
  });

  it('says "about" when the total is the server\'s estimate of a long list', async () => {
    const test = createTestSession({ signedIn: adminSession });
    await test.session.resolve();
    test.server.route('GET', '/auth/users', () =>
      json(200, { data: [user(1)], meta: { total: 120_000, limit: 10, offset: 0, estimated: true } }),
    );
    installFakeRealtime(test.session);
    renderWithProviders(
      <MemoryRouter>
        <ResourceList<User>
          resource={authResources.users}
          label="admin.users.title"
          columns={[{ key: 'name', header: 'admin.fields.name', render: (item) => item.name }]}
          itemName={(item) => item.name}
          detailPath={(item) => item.id}
          countNoun="users"
        />
      </MemoryRouter>,
      { session: test.session },
    );
    expect(await screen.findByText('about 120000 users')).toBeInTheDocument();
  });

  it('shows the page size a person picks and remembers it for the list', async () => {
    const rows = Array.from({ length: 30 }, (_, index) => user(index + 1));
    const { server } = await setup(rows, { query: { sort: { name: 'ASC' } } });
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    await waitFor(() => expect(shownNames()).toHaveLength(25));
    expect(listCalls(server).at(-1)?.query.get('page[limit]')).toBe('25');

    cleanup();
    await setup(rows, { query: { sort: { name: 'ASC' } } });
    await waitFor(() => expect(shownNames()).toHaveLength(25));
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
  });

  it('links the name of a row to the record', async () => {
    await setup([{ id: 'a', name: 'alice' }], {
      columns: [{ key: 'name', header: 'admin.fields.name', link: true, render: (item) => item.name }],
      detailPath: (item) => `/admin/users/${item.id}`,
    });
    const link = await screen.findByRole('link', { name: 'alice' });
    expect(link).toHaveAttribute('href', '/admin/users/a');
  });
});

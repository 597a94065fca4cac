import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, MASTER_REALM } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

const WAIT = { timeout: 5000 };

const event = (patch: Record<string, unknown>) => ({
  id: 'e1',
  name: 'updated',
  scope: 'entity',
  ref_type: 'node',
  ref_id: '4b2409ea-0f24-4b08-bcf0-daf6da16e8f3',
  realm_id: MASTER_REALM.id,
  actor_type: 'user',
  actor_id: 'ae49af86-987c-4856-a7bc-a88d15863b5c',
  actor_name: 'admin',
  request_method: 'POST',
  request_path: '/core/nodes/4b2409ea-0f24-4b08-bcf0-daf6da16e8f3',
  request_ip_address: '127.0.0.1',
  request_user_agent: 'test-agent',
  data: { diff: { hidden: { previous: false, next: true } } },
  expiring: true,
  expires_at: '2026-12-02T10:00:00.000Z',
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  ...patch,
});

function server() {
  const fake = new FakeAuthServer();
  serveResource(fake, '/telemetry/events', [
    event({}),
    event({
      id: 'e2',
      name: 'created',
      ref_type: 'registry',
      actor_type: null,
      actor_id: null,
      actor_name: null,
      data: {},
    }),
  ]);
  return fake;
}

describe('event screens', () => {
  it('lists 50 events newest first, names the actor, and filters by actor and type', async () => {
    const fake = server();
    renderApp('/admin/events', { session: adminSession, server: fake });
    const table = await screen.findByRole('table', { name: 'Events' }, WAIT);
    expect(within(table).getByText('admin')).toBeInTheDocument();
    expect(within(table).getByText('system')).toBeInTheDocument();
    const first = fake.calls.find((call) => call.path === '/telemetry/events');
    expect(first?.query.get('page[limit]')).toBe('50');
    expect(first?.query.get('sort')).toBe('-created_at');

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Actor' }), 'adm');
    await waitFor(() =>
      expect(
        fake.calls.some(
          (call) => call.path === '/telemetry/events' && call.query.get('filter[actor_name]') === '~adm',
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Events' })).queryByText('system')).toBeNull(),
    );
  }, 15_000);

  it('shows actor, request and the changed fields side by side', async () => {
    const fake = server();
    renderApp('/admin/events/e1', { session: adminSession, server: fake });
    const changes = await screen.findByRole('table', { name: 'Changes' }, WAIT);
    const row = within(changes).getByRole('row', { name: /hidden/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['false', 'true']);
    expect(within(screen.getByRole('table', { name: 'Actor' })).getByText('admin')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Request' })).getByText('test-agent'),
    ).toBeInTheDocument();
  });

  it('says so for an unknown event', async () => {
    renderApp('/admin/events/nope', { session: adminSession, server: server() });
    expect(await screen.findByText('The entry could not be loaded.', {}, WAIT)).toBeInTheDocument();
  });
});

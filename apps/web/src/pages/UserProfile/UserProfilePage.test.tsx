import { configure, screen } from '@testing-library/react';
import { en } from '@federa/phrases';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, FakeAuthServer, json } from '../../test/fake-auth-server.ts';
import { renderApp, sessionWith } from '../../test/render.tsx';
import { records } from '../../test/records.ts';

// Lazy route modules load on first use; give a busy machine time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

describe('UserProfilePage', () => {
  it('shows the public profile of a user', async () => {
    const server = new FakeAuthServer();
    server.route('GET', '/auth/users/user-bob', (call) => {
      expect(call.query.get('include')).toBe('realm');
      return json(
        200,
        records.user({
          id: 'user-bob',
          name: 'bob',
          display_name: 'Bob Builder',
          status_message: 'Building things',
          created_at: '2025-01-02T10:00:00.000Z',
          realm: records.realm({ id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0002', name: 'other' }),
        }),
      );
    });
    renderApp('/users/user-bob', { session: sessionWith(), server });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile of Bob Builder' }),
    ).toBeInTheDocument();
    expect(screen.getByText('@bob')).toBeInTheDocument();
    expect(screen.getByText('Building things')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Realm' })).toBeInTheDocument();
    expect(screen.getByText('other')).toBeInTheDocument();
  });

  it('says when the user can not be shown', async () => {
    const server = new FakeAuthServer();
    server.route('GET', '/auth/users/nobody', () =>
      errorResponse(404, 'entity_not_found', 'The user was not found.'),
    );
    renderApp('/users/nobody', { session: sessionWith(), server });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain(en.errors.entity_not_found);
    expect(screen.getByRole('heading', { level: 1, name: 'User' })).toBeInTheDocument();
  });
});

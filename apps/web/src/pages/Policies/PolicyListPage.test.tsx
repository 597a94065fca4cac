import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeAuthServer, json, OTHER_REALM } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp } from '../../test/render.tsx';
import { openPolicies } from './policies.test-support.ts';
import { records } from '../../test/records.ts';

// Lazy route modules load on first use; give a busy machine time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

describe('list pages', () => {
  it('lists policies with their type and opens one', async () => {
    const { user, router } = openPolicies('/admin/policies', [
      { id: 'p-1', name: 'office-hours', type: 'time', parent_id: null, realm_id: null },
      { id: 'p-2', name: 'staff', type: 'identity', parent_id: null, realm_id: null },
    ]);
    const table = await screen.findByRole('table', { name: 'Policies' });
    await waitFor(() => expect(within(table).getByText('office-hours')).toBeInTheDocument());
    expect(within(table).getByText('Time')).toBeInTheDocument();
    expect(within(table).getByText('Identity')).toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: 'office-hours' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/policies/p-1'));
  });

  it('lists identity providers with their protocol or preset', async () => {
    const server = new FakeAuthServer();
    server.route('GET', '/auth/identity-providers', () =>
      json(200, {
        data: [
          records.identityProvider({
            id: 'i-1',
            name: 'gh',
            protocol: 'oidc',
            preset: 'github',
            enabled: true,
          }),
          records.identityProvider({
            id: 'i-2',
            name: 'corp-ldap',
            protocol: 'ldap',
            preset: null,
            enabled: false,
          }),
        ],
        meta: { total: 2, limit: 10, offset: 0 },
      }),
    );
    renderApp('/admin/identity-providers', { session: adminSession, server });
    const table = await screen.findByRole('table', { name: 'Identity providers' });
    expect(within(table).getByText('GitHub')).toBeInTheDocument();
    expect(within(table).getByText('LDAP')).toBeInTheDocument();
    expect(within(table).getByText('No')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'corp-ldap' })).toHaveAttribute(
      'href',
      '/admin/identity-providers/i-2',
    );
  });

  it('lists the policies of the realm a master user manages', async () => {
    const { session, api } = openPolicies('/admin/policies', []);
    await screen.findByText('No more items available...');
    expect(api.lists.at(-1)!.query.get('filter[realm_id]')).toBeNull();

    act(() => session.setRealmManagement(OTHER_REALM));
    await waitFor(() => expect(api.lists.at(-1)!.query.get('filter[realm_id]')).toBe(OTHER_REALM.id));
  });

  it('lists the identity providers of the realm a master user manages', async () => {
    const server = new FakeAuthServer();
    server.route('GET', '/auth/identity-providers', () =>
      json(200, { data: [], meta: { total: 0, limit: 10, offset: 0 } }),
    );
    const { session } = renderApp('/admin/identity-providers', { session: adminSession, server });
    await screen.findByText('No more items available...');
    const lastFilter = () => server.callsTo('/auth/identity-providers').at(-1)!.query.get('filter[realm_id]');
    expect(lastFilter()).toBeNull();

    act(() => session.setRealmManagement(OTHER_REALM));
    await waitFor(() => expect(lastFilter()).toBe(OTHER_REALM.id));
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeAuthServer, json } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp } from '../../test/render.tsx';
import { openPolicies } from './test-support.ts';

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
    await user.click(within(table).getByRole('link', { name: /office-hours/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/policies/p-1'));
  });

  it('lists identity providers with their protocol or preset', async () => {
    const server = new FakeAuthServer();
    server.route('GET', '/auth/identity-providers', () =>
      json(200, {
        data: [
          { id: 'i-1', name: 'gh', protocol: 'oidc', preset: 'github', enabled: true },
          { id: 'i-2', name: 'corp-ldap', protocol: 'ldap', preset: null, enabled: false },
        ],
        meta: { total: 2, limit: 10, offset: 0 },
      }),
    );
    renderApp('/admin/identity-providers', { session: adminSession, server });
    const table = await screen.findByRole('table', { name: 'Identity providers' });
    expect(within(table).getByText('GitHub')).toBeInTheDocument();
    expect(within(table).getByText('LDAP')).toBeInTheDocument();
    expect(within(table).getByText('No')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /corp-ldap/ })).toHaveAttribute(
      'href',
      '/admin/identity-providers/i-2',
    );
  });
});

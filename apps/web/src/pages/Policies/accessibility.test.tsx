import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { seriousAxeFindings } from '../../test/axe.ts';
import { FakeAuthServer, json } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp } from '../../test/render.tsx';
import { fakePolicyApi } from './policies.test-support.ts';
import { records } from '../../test/records.ts';

// Lazy route modules load on first use; give a busy machine time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

function app(path: string) {
  const server = new FakeAuthServer();
  fakePolicyApi(server, [
    {
      id: 'p-1',
      name: 'office-hours',
      type: 'time',
      parent_id: null,
      realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
    },
  ]);
  server.route('GET', '/auth/roles', () =>
    json(200, {
      data: [records.role({ id: 'r-1', name: 'admin' })],
      meta: { total: 1, limit: 10, offset: 0 },
    }),
  );
  server.route('GET', '/auth/identity-provider-role-mappings', () =>
    json(200, { data: [], meta: { total: 0, limit: 50, offset: 0 } }),
  );
  server.route('GET', '/auth/identity-providers/i-1', () =>
    json(
      200,
      records.identityProvider({
        id: 'i-1',
        name: 'corp-ldap',
        protocol: 'ldap',
        enabled: true,
        realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
      }),
    ),
  );
  renderApp(path, { session: adminSession, server });
  return userEvent.setup({ delay: null });
}

describe('accessibility of the policy, identity provider and settings screens', () => {
  it('policy form with every type', async () => {
    const user = app('/admin/policies/add');
    await screen.findByRole('form', { name: 'New policy' });
    for (const type of ['Composite', 'Time', 'Attribute names', 'Realm match', 'Identity']) {
      await user.click(screen.getByRole('radio', { name: type }));
      if (type === 'Time')
        await user.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), 'yearly');
      if (type === 'Composite')
        await screen.findByRole('button', { name: 'Add office-hours as child policy' });
      await user.click(screen.getByRole('button', { name: 'Create' }));
      expect(await seriousAxeFindings(), type).toEqual([]);
    }
  });

  it('policy detail with its tree', async () => {
    app('/admin/policies/p-1');
    await screen.findByRole('form', { name: 'Edit policy' });
    await screen.findByTestId('policy-tree');
    expect(await seriousAxeFindings()).toEqual([]);
  });

  it('identity provider tiles, OAuth2 and LDAP forms', async () => {
    const user = app('/admin/identity-providers/add');
    await user.click(await screen.findByRole('button', { name: 'OAuth2' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await seriousAxeFindings(), 'oauth2').toEqual([]);
    await user.click(screen.getByRole('button', { name: 'LDAP' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await seriousAxeFindings(), 'ldap').toEqual([]);
  });

  it('identity provider detail with role mappings', async () => {
    const user = app('/admin/identity-providers/i-1');
    await user.click(await screen.findByRole('button', { name: 'Show mapping of admin' }));
    expect(await seriousAxeFindings()).toEqual([]);
  });

  it('settings', async () => {
    const user = app('/settings/security');
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await seriousAxeFindings()).toEqual([]);
  });
});

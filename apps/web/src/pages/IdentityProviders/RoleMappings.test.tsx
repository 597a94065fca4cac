import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeAuthServer, json, type FakeCall } from '../../test/fake-auth-server.ts';
import { records } from '../../test/records.ts';
import { adminSession, renderApp } from '../../test/render.tsx';
import type { RoleMapping } from './identity-provider-api.ts';

// Lazy route modules load on first use; give a busy machine time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const provider = records.identityProvider({
  id: 'idp-1',
  name: 'keycloak',
  display_name: 'Keycloak',
  protocol: 'oidc',
  preset: null,
  enabled: true,
  realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
  client_id: 'hub',
  authorize_url: 'https://kc.example.org/auth',
  token_url: 'https://kc.example.org/token',
});
const roles = [
  records.role({ id: 'role-admin', name: 'admin', realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001' }),
  records.role({ id: 'role-viewer', name: 'viewer', realm_id: null }),
];

function openDetail(initial: Array<Partial<RoleMapping> & { id: string }> = []) {
  const server = new FakeAuthServer();
  const mappings = new Map(initial.map((mapping) => [mapping.id, records.roleMapping(mapping)]));
  const calls: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
  const record = (call: FakeCall) =>
    calls.push({
      method: call.method,
      path: call.path,
      body: call.body as unknown as Record<string, unknown>,
    });
  const roleQueries: FakeCall[] = [];

  server.route('GET', '/auth/identity-providers/idp-1', () => json(200, provider));
  server.route('GET', '/auth/roles', (call) => {
    roleQueries.push(call);
    return json(200, { data: roles, meta: { total: roles.length, limit: 10, offset: 0 } });
  });
  server.route('GET', '/auth/identity-provider-role-mappings', (call) => {
    const ids = (call.query.get('filter[role_id]') ?? '').split(',');
    const data = [...mappings.values()].filter(
      (mapping) =>
        mapping.provider_id === call.query.get('filter[provider_id]') && ids.includes(mapping.role_id),
    );
    return json(200, { data, meta: { total: data.length, limit: 50, offset: 0 } });
  });
  const mappingRoutes = (id: string) => {
    server.route('POST', `/auth/identity-provider-role-mappings/${id}`, (call) => {
      record(call);
      const updated = { ...mappings.get(id)!, ...(call.body as object) };
      mappings.set(id, updated);
      return json(202, updated);
    });
    server.route('DELETE', `/auth/identity-provider-role-mappings/${id}`, (call) => {
      record(call);
      const deleted = mappings.get(id);
      mappings.delete(id);
      return json(202, deleted);
    });
  };
  server.route('POST', '/auth/identity-provider-role-mappings', (call) => {
    record(call);
    const created = records.roleMapping({ id: `mapping-${mappings.size + 1}`, ...call.body });
    mappings.set(created.id, created);
    mappingRoutes(created.id);
    return json(201, created);
  });
  for (const id of mappings.keys()) mappingRoutes(id);

  const view = renderApp('/admin/identity-providers/idp-1', { session: adminSession, server });
  return { ...view, calls, roleQueries, user: userEvent.setup({ delay: null }) };
}

const row = (name: string) => screen.getByText(name, { selector: 'p' }).closest('li')!;

describe('RoleMappings', () => {
  it('creates, updates and deletes the mapping of a role row', async () => {
    const { user, calls, roleQueries } = openDetail();
    await screen.findByRole('heading', { name: 'Role mappings' });
    await screen.findByText('admin', { selector: 'p' });
    // Roles of the provider's realm and global ones.
    expect(roleQueries[0]!.query.get('filter[realm_id]')).toBe('0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001,null');
    expect(within(row('admin')).getByText('not mapped')).toBeInTheDocument();

    const expand = within(row('admin')).getByRole('button', { name: 'Show mapping of admin' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(within(row('admin')).getByRole('button', { name: 'Hide mapping of admin' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    // Validation: claim name 3-32, value 3-128.
    await user.type(await within(row('admin')).findByRole('textbox', { name: 'Claim' }), 'gr');
    await user.click(within(row('admin')).getByRole('button', { name: 'Create' }));
    expect(within(row('admin')).getByRole('textbox', { name: 'Claim' })).toHaveAccessibleDescription(
      expect.stringContaining('This field should be at least 3 characters long'),
    );
    expect(calls).toHaveLength(0);

    // Create when none exists.
    await user.type(within(row('admin')).getByRole('textbox', { name: 'Claim' }), 'oups');
    await user.type(within(row('admin')).getByRole('textbox', { name: 'Value' }), 'hub-admins');
    await user.click(within(row('admin')).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/auth/identity-provider-role-mappings',
      body: {
        name: 'groups',
        value: 'hub-admins',
        value_is_regex: false,
        provider_id: 'idp-1',
        role_id: 'role-admin',
      },
    });
    await waitFor(() => expect(within(row('admin')).getByText('mapped')).toBeInTheDocument());

    // Update once it exists.
    await user.click(within(row('admin')).getByRole('checkbox', { name: 'Value is a regular expression' }));
    await user.click(within(row('admin')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      method: 'POST',
      path: '/auth/identity-provider-role-mappings/mapping-1',
      body: { name: 'groups', value: 'hub-admins', value_is_regex: true },
    });

    // Delete.
    await user.click(within(row('admin')).getByRole('button', { name: 'Remove mapping' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({
      method: 'DELETE',
      path: '/auth/identity-provider-role-mappings/mapping-1',
    });
    await waitFor(() => expect(within(row('admin')).getByText('not mapped')).toBeInTheDocument());
    expect(within(row('admin')).getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it('shows existing mappings with their values', async () => {
    const { user } = openDetail([
      {
        id: 'mapping-9',
        provider_id: 'idp-1',
        role_id: 'role-viewer',
        name: 'roles',
        value: '^view.*',
        value_is_regex: true,
      },
    ]);
    await screen.findByText('viewer', { selector: 'p' });
    await waitFor(() => expect(within(row('viewer')).getByText('mapped')).toBeInTheDocument());
    await user.click(within(row('viewer')).getByRole('button', { name: 'Show mapping of viewer' }));
    // The row expands with a transition: wait for its fields rather than expecting them at once.
    expect(await within(row('viewer')).findByRole('textbox', { name: 'Claim' })).toHaveValue('roles');
    expect(within(row('viewer')).getByRole('textbox', { name: 'Value' })).toHaveValue('^view.*');
    expect(
      within(row('viewer')).getByRole('checkbox', { name: 'Value is a regular expression' }),
    ).toBeChecked();
  });
});

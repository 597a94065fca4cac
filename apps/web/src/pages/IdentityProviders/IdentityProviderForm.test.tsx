import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAuthServer, json } from '../../test/fake-auth-server.ts';
import { records } from '../../test/records.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

// Lazy route modules load on first use; give a busy machine time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

function openAdd(path = '/admin/identity-providers/add') {
  const server = new FakeAuthServer();
  const creates: Array<Record<string, unknown>> = [];
  server.route('POST', '/auth/identity-providers', (call) => {
    creates.push(call.body as unknown as Record<string, unknown>);
    return json(201, records.identityProvider({ id: 'idp-new', name: 'generated', ...call.body }));
  });
  server.route('GET', '/auth/identity-providers/idp-new', () =>
    json(200, records.identityProvider({ id: 'idp-new', name: 'generated', protocol: 'oidc' })),
  );
  server.route('GET', '/auth/roles', () => json(200, { data: [], meta: { total: 0, limit: 10, offset: 0 } }));
  const view = renderApp(path, { session: adminSession, server });
  return { ...view, server, creates, user: userEvent.setup({ delay: null }) };
}

const form = () => screen.getByRole('form', { name: 'New identity provider' });
const field = (name: string) => within(form()).getByRole('textbox', { name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('IdentityProviderForm', () => {
  it('offers the protocol and preset tiles and shows the form once one is chosen', async () => {
    const { user } = openAdd();
    await screen.findByRole('heading', { level: 1, name: 'Identity providers' });
    const tiles = [
      'OAuth2',
      'OpenID Connect',
      'LDAP',
      'Facebook',
      'GitHub',
      'GitLab',
      'Google',
      'Paypal',
      'Instagram',
      'StackOverflow',
      'Twitter',
    ];
    for (const tile of tiles) expect(screen.getByRole('button', { name: tile })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New identity provider' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'OpenID Connect' }));
    expect(screen.getByRole('button', { name: 'OpenID Connect' })).toHaveAttribute('aria-pressed', 'true');
    expect(field('Authorize URL')).toBeInTheDocument();
  });

  it('hides the endpoints for a preset and sends protocol oidc with the preset', async () => {
    const { user, creates, router } = openAdd();
    await user.click(await screen.findByRole('button', { name: 'GitHub' }));
    expect(within(form()).queryByRole('textbox', { name: 'Authorize URL' })).not.toBeInTheDocument();
    expect(within(form()).queryByRole('textbox', { name: 'Token URL' })).not.toBeInTheDocument();
    expect(within(form()).queryByRole('textbox', { name: 'Discovery URL' })).not.toBeInTheDocument();
    expect(within(form()).getByText('The endpoints of GitHub are known already.')).toBeInTheDocument();

    await user.click(within(form()).getByRole('button', { name: 'Create' }));
    expect(field('Client ID')).toHaveAccessibleDescription('This field is required');
    expect(creates).toHaveLength(0);

    await user.type(field('Client ID'), 'my-client');
    await user.type(within(form()).getByLabelText('Client secret'), 'top-secret');
    await user.click(within(form()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]).toEqual({
      enabled: true,
      realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
      protocol: 'oidc',
      preset: 'github',
      client_id: 'my-client',
      client_secret: 'top-secret',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/identity-providers/idp-new'));
  });

  it('clears the preset when a protocol is chosen and then wants the endpoints', async () => {
    const { user, creates } = openAdd();
    await user.click(await screen.findByRole('button', { name: 'Google' }));
    await user.click(screen.getByRole('button', { name: 'OAuth2' }));
    expect(screen.getByRole('button', { name: 'Google' })).toHaveAttribute('aria-pressed', 'false');
    await user.type(field('Client ID'), 'my-client');
    await user.type(field('Authorize URL'), 'not a url');
    await user.click(within(form()).getByRole('button', { name: 'Create' }));
    expect(field('Authorize URL')).toHaveAccessibleDescription('The value is not a valid URL address');
    expect(field('Token URL')).toHaveAccessibleDescription('This field is required');
    expect(creates).toHaveLength(0);

    await user.clear(field('Authorize URL'));
    await user.type(field('Authorize URL'), 'https://idp.example.org/authorize');
    await user.type(field('Token URL'), 'https://idp.example.org/token');
    await user.click(within(form()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]).toEqual({
      enabled: true,
      realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
      protocol: 'oauth2',
      client_id: 'my-client',
      authorize_url: 'https://idp.example.org/authorize',
      token_url: 'https://idp.example.org/token',
    });
  });

  it('fills the authorize and token URLs from the discovery document the server read', async () => {
    const { user, server } = openAdd();
    const asked: unknown[] = [];
    server.route('POST', '/auth/identity-providers/discovery', (call) => {
      asked.push(call.body);
      return json(200, {
        issuer: 'https://idp.example.org',
        authorize_url: 'https://idp.example.org/auth',
        token_url: 'https://idp.example.org/token',
        user_info_url: null,
      });
    });
    await user.click(await screen.findByRole('button', { name: 'OpenID Connect' }));
    await user.type(field('Discovery URL'), 'https://idp.example.org/.well-known/openid-configuration');
    await user.click(within(form()).getByRole('button', { name: 'Lookup' }));
    await waitFor(() => expect(field('Authorize URL')).toHaveValue('https://idp.example.org/auth'));
    expect(field('Token URL')).toHaveValue('https://idp.example.org/token');
    expect(asked).toEqual([{ url: 'https://idp.example.org/.well-known/openid-configuration' }]);
  });

  it('warns when the lookup fails', async () => {
    const { user, i18n, server } = openAdd();
    server.route('POST', '/auth/identity-providers/discovery', () =>
      json(400, { statusCode: 400, code: 'discovery_failed', message: 'Lookup failed with: 404 Not Found' }),
    );
    await user.click(await screen.findByRole('button', { name: 'OAuth2' }));
    await user.type(field('Discovery URL'), 'https://down.example.org/.well-known/openid-configuration');
    await user.click(within(form()).getByRole('button', { name: 'Lookup' }));
    expect(await screen.findByText('Lookup failed with: 404 Not Found')).toBeInTheDocument();
    expect(field('Authorize URL')).toHaveValue('');

    // The warning is translated.
    await i18n.changeLanguage('de');
    await user.click(
      within(screen.getByRole('form', { name: 'Neuer Identitätsanbieter' })).getByRole('button', {
        name: 'Nachschlagen',
      }),
    );
    expect(await screen.findByText('Nachschlagen fehlgeschlagen: 404 Not Found')).toBeInTheDocument();
  });

  it('says so for a protocol it does not support', async () => {
    openAdd('/admin/identity-providers/add?protocol=saml');
    expect(await screen.findByText('saml is not supported yet :/')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New identity provider' })).not.toBeInTheDocument();
  });

  it('has the LDAP connection, credentials, group and user fields', async () => {
    const { user, creates } = openAdd();
    await user.click(await screen.findByRole('button', { name: 'LDAP' }));
    for (const legend of ['Connection', 'Credentials', 'Group', 'User']) {
      expect(within(form()).getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(within(form()).getByRole('switch', { name: 'StartTLS' })).toBeChecked();
    for (const label of [
      'Group filter',
      'Group base DN',
      'Group name attribute',
      'Group class',
      'Group member attribute',
      'Group member user attribute',
      'User filter',
      'User base DN',
      'User name attribute',
      'User mail attribute',
      'User display name attribute',
    ]) {
      expect(field(label)).toBeInTheDocument();
    }

    await user.type(field('URL'), 'https://ldap.example.org');
    await user.click(within(form()).getByRole('button', { name: 'Create' }));
    expect(field('URL')).toHaveAccessibleDescription(
      expect.stringContaining('The value must be an ldap:// or ldaps:// URL'),
    );
    expect(field('Base DN')).toHaveAccessibleDescription('This field is required');
    expect(within(form()).getByRole('textbox', { name: 'User' })).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(creates).toHaveLength(0);

    await user.clear(field('URL'));
    await user.type(field('URL'), 'ldaps://ldap.example.org');
    await user.type(field('Base DN'), 'dc=example,dc=org');
    await user.type(within(form()).getByRole('textbox', { name: 'User' }), 'cn=admin,dc=example,dc=org');
    await user.type(within(form()).getByLabelText(/^Password/), 'secret');
    await user.type(field('User name attribute'), 'uid');
    await user.click(within(form()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]).toEqual({
      enabled: true,
      realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
      protocol: 'ldap',
      url: 'ldaps://ldap.example.org',
      timeout: 0,
      start_tls: true,
      base_dn: 'dc=example,dc=org',
      user: 'cn=admin,dc=example,dc=org',
      password: 'secret',
      user_name_attribute: 'uid',
    });
  });

  it('edits a preset provider without its endpoints and keeps the stored secret', async () => {
    const server = new FakeAuthServer();
    const updates: Array<Record<string, unknown>> = [];
    const stored = records.identityProvider({
      id: 'idp-1',
      name: 'github-sso',
      protocol: 'oidc',
      preset: 'github',
      enabled: true,
      realm_id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
      client_id: 'abc',
    });
    server.route('GET', '/auth/identity-providers/idp-1', () => json(200, stored));
    server.route('POST', '/auth/identity-providers/idp-1', (call) => {
      updates.push(call.body as unknown as Record<string, unknown>);
      return json(202, { ...stored, ...call.body, updated_at: 'later' });
    });
    server.route('GET', '/auth/roles', () =>
      json(200, { data: [], meta: { total: 0, limit: 10, offset: 0 } }),
    );
    renderApp('/admin/identity-providers/idp-1', { session: adminSession, server });
    const user = userEvent.setup({ delay: null });
    const edit = await screen.findByRole('form', { name: 'Edit identity provider' });
    expect(screen.queryByRole('button', { name: 'GitHub' })).not.toBeInTheDocument();
    expect(within(edit).queryByRole('textbox', { name: 'Authorize URL' })).not.toBeInTheDocument();
    expect(within(edit).getByText('Leave empty to keep the stored secret.')).toBeInTheDocument();
    await user.type(within(edit).getByRole('textbox', { name: 'Display name' }), 'GitHub login');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual({
      name: 'github-sso',
      display_name: 'GitHub login',
      enabled: true,
      protocol: 'oidc',
      preset: 'github',
      client_id: 'abc',
      scope: null,
    });
  });
});

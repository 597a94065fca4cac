import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, MASTER_REALM } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

const WAIT = { timeout: 5000 };

function server() {
  const fake = new FakeAuthServer();
  const clients = serveResource(fake, '/auth/clients', [
    {
      id: 'c1',
      name: 'app',
      secret: null,
      secret_set: true,
      is_confidential: true,
      realm_id: MASTER_REALM.id,
    },
  ]);
  serveResource(fake, '/auth/scopes', [{ id: 's1', name: 'openid' }]);
  serveResource(fake, '/auth/client-scopes', []);
  return { fake, clients };
}

describe('client screens', () => {
  it('starts with a generated name and secret and checks the URL fields', async () => {
    const { fake } = server();
    renderApp('/admin/clients/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Name/ }, WAIT);
    expect((name as HTMLInputElement).value).toMatch(/^[a-z0-9]{21}$/);
    expect((screen.getByLabelText(/^Secret/) as HTMLInputElement).value).toMatch(/^[A-Za-z0-9\-_!.]{64}$/);

    await user.type(
      screen.getByRole('textbox', { name: /^Redirect URIs/ }),
      'https://ok.example/cb,not a url',
    );
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'nope');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'ab');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('The value is not a valid URL address')).toHaveLength(2);
    expect(screen.getByText('This field should be at least 3 characters long')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST' && call.path === '/auth/clients')).toBe(false);
  });

  it('sends no secret while no new one is entered', async () => {
    const { fake } = server();
    renderApp('/admin/clients/c1', { session: adminSession, server: fake });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }, WAIT));
    await waitFor(() =>
      expect(
        fake.calls.find((call) => call.method === 'POST' && call.path === '/auth/clients/c1')?.body,
      ).toMatchObject({
        name: 'app',
        secret: null,
        is_confidential: true,
      }),
    );
  });

  it('marks a client first-party, so its users skip the consent page', async () => {
    const { fake } = server();
    renderApp('/admin/clients/c1', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: /First-party/ }, WAIT));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        fake.calls.find((call) => call.method === 'POST' && call.path === '/auth/clients/c1')?.body,
      ).toMatchObject({ first_party: true }),
    );
  });

  it('assigns scopes on the scopes tab', async () => {
    const { fake } = server();
    renderApp('/admin/clients/c1/scopes', { session: adminSession, server: fake });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Assign openid' }, WAIT));
    expect(await screen.findByRole('button', { name: 'Remove openid' })).toBeInTheDocument();
    expect(
      fake.calls.find((call) => call.method === 'POST' && call.path === '/auth/client-scopes')?.body,
    ).toEqual({
      client_id: 'c1',
      scope_id: 's1',
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer, MASTER_REALM } from '../../test/fake-auth-server.ts';
import { records } from '../../test/records.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

const WAIT = { timeout: 5000 };

function server() {
  const fake = new FakeAuthServer();
  const robots = serveResource(fake, '/auth/robots', [
    { id: 'b1', name: 'worker', secret: null, secret_set: true, realm_id: MASTER_REALM.id },
  ]);
  return { fake, robots };
}

describe('robot screens', () => {
  it('creates a robot with a generated 64-character secret and shows the secret once', async () => {
    const { fake, robots } = server();
    fake.intercept('POST', '/auth/robots', (call) => {
      // The server names a robot created without a name.
      const row = records.robot({ id: 'b2', ...call.body, name: call.body.name ?? 'robot-b2' });
      robots.push(row);
      return new Response(JSON.stringify(row), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderApp('/admin/robots/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    const secret = await screen.findByLabelText(/^Secret/, {}, WAIT);
    expect((secret as HTMLInputElement).value).toMatch(/^[A-Za-z0-9]{64}$/);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Copy the secret now: it is shown only once.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent((secret as HTMLInputElement).value);
    const sent = fake.calls.find((call) => call.method === 'POST' && call.path === '/auth/robots');
    expect(sent?.body).toMatchObject({ name: null, realm_id: MASTER_REALM.id });
  });

  it('tells that a secret is set and sends none while no new one is entered', async () => {
    const { fake } = server();
    renderApp('/admin/robots/b1', { session: adminSession, server: fake });
    const user = userEvent.setup();
    expect(
      await screen.findByText(/^A secret is set and is never shown again\./, {}, WAIT),
    ).toBeInTheDocument();
    expect((screen.getByLabelText(/^Secret/) as HTMLInputElement).value).toBe('');
    const read = fake.calls.find((call) => call.path === '/auth/robots/b1');
    expect(read?.query.get('fields')).toBe('+secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        fake.calls.find((call) => call.method === 'POST' && call.path === '/auth/robots/b1')?.body,
      ).toEqual({
        name: 'worker',
        display_name: null,
        secret: null,
      }),
    );
  });

  it('resets the secret of a saved robot and shows the new one once', async () => {
    const { fake } = server();
    fake.intercept('POST', '/auth/robots/b1', (call) =>
      Response.json(records.robot({ id: 'b1', name: 'worker', ...call.body }), { status: 202 }),
    );
    renderApp('/admin/robots/b1', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate a secret' }, WAIT));
    const secret = (screen.getByLabelText(/^Secret/) as HTMLInputElement).value;
    expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(secret);
    const sent = fake.calls.find((call) => call.method === 'POST' && call.path === '/auth/robots/b1');
    expect(sent?.body).toMatchObject({ secret });
  });

  it('checks the robot rules', async () => {
    const { fake } = server();
    renderApp('/admin/robots/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, WAIT), 'x');
    const secret = screen.getByLabelText(/^Secret/);
    await user.clear(secret);
    await user.type(secret, 'ab');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field should be at least 3 characters long')).toHaveLength(2);
  });
});

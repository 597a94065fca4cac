import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

const WAIT = { timeout: 5000 };

function server() {
  const fake = new FakeAuthServer();
  // The fake's own realm list answers GET /auth/realms; records are served here.
  const realms = serveResource(fake, '/auth/realms', [
    { id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001', name: 'master', built_in: true },
    { id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0002', name: 'other', display_name: 'Other' },
  ]);
  return { fake, realms };
}

describe('realm screens', () => {
  it('starts a new realm with a generated name and checks the spec rules', async () => {
    const { fake } = server();
    renderApp('/admin/realms/add', { session: adminSession, server: fake });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Name/ }, WAIT);
    expect((name as HTMLInputElement).value).toMatch(/^[a-z0-9]{21}$/);

    // The API would generate a name; the form marks it required and keeps that promise.
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    await user.type(name, 'ab');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'abcd');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field should be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByText('This field should be at least 5 characters long')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate a name' }));
    expect((name as HTMLInputElement).value).toMatch(/^[a-z0-9]{21}$/);
  });

  it('keeps the name of the master realm', async () => {
    const { fake } = server();
    renderApp('/admin/realms/0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001', { session: adminSession, server: fake });
    const name = await screen.findByRole('textbox', { name: /^Name/ }, WAIT);
    expect(name).toBeDisabled();
    expect(screen.getByText('The name of the master realm can not be changed.')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Display name' }), 'Root');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        fake.calls.find(
          (call) =>
            call.method === 'POST' && call.path === '/auth/realms/0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001',
        )?.body,
      ).toEqual({
        display_name: 'Root',
        description: null,
      }),
    );
  });

  it('offers no delete for the master realm', async () => {
    const { fake } = server();
    renderApp('/admin/realms', { session: adminSession, server: fake });
    expect(await screen.findByRole('button', { name: 'Delete other' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete master' })).not.toBeInTheDocument();
  });
});

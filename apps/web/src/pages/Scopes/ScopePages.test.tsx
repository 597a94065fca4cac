import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveResource } from '../../resources/fake-resource-route.ts';
import { FakeAuthServer } from '../../test/fake-auth-server.ts';
import { adminSession, renderApp } from '../../test/render.tsx';

const WAIT = { timeout: 5000 };

describe('scope screens', () => {
  it('keeps the name of a built-in scope and checks the description (at least 3)', async () => {
    const fake = new FakeAuthServer();
    serveResource(fake, '/auth/scopes', [{ id: 's1', name: 'openid', built_in: true, realm_id: null }]);
    renderApp('/admin/scopes/s1', { session: adminSession, server: fake });
    expect(await screen.findByRole('textbox', { name: /^Name/ }, WAIT)).toBeDisabled();
    expect(screen.getByText('The name of a built-in scope can not be changed.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'ab');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field should be at least 3 characters long')).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, renderApp } from '../../test/render.tsx';

describe('LogoutPage', () => {
  it('ends the session, revokes both tokens and shows the login page', async () => {
    const { router, session, server } = renderApp('/logout', { session: adminSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.loggedIn).toBe(false);
    await waitFor(() => expect(server.callsTo('/auth/token/revoke')).toHaveLength(2));
  });

  it('sends a logged-out visitor to the login page with the way back', async () => {
    const { router } = renderApp('/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?redirect=/logout',
    );
  });
});

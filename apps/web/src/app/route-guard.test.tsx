import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, FakeAuthServer } from '../test/fake-auth-server.ts';
import { adminSession, renderApp, sessionWith } from '../test/render.tsx';

const sideMenu = () => screen.getByRole('navigation', { name: 'Section menu' });
const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('route guard', () => {
  it('sends a logged-out visitor to login, keeping the full target path', async () => {
    const { router } = renderApp('/admin/users?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(where(router)).toBe('/login?redirect=/admin/users%3Fpage%3D2');
  });

  it('resolves stored tokens before deciding, then shows the page', async () => {
    const { router, server } = renderApp('/admin/users', { session: adminSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(where(router)).toBe('/admin/users');
    expect(server.calls.map((call) => call.path).slice(0, 2)).toEqual([
      '/auth/token/introspect',
      '/auth/users/@me',
    ]);
  });

  it('logs out when the session cannot be resolved, then guards as for anybody', async () => {
    const server = new FakeAuthServer();
    server.intercept('POST', '/auth/token/introspect', () => errorResponse(500, 'internal_error'));
    server.intercept('POST', '/auth/token', () => errorResponse(400, 'invalid_grant'));
    const { router, session } = renderApp('/projects', { session: adminSession, server });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(where(router)).toBe('/login?redirect=/projects');
    expect(session.loggedIn).toBe(false);
  });

  it('logs out and goes to login when the first page needs a permission the user lacks', async () => {
    const { router, session } = renderApp('/admin/users', { session: sessionWith('project_create') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(where(router)).toBe('/login');
    expect(session.loggedIn).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out because you may not open /admin/users.',
    );
  });

  it('says nothing about signing out on the login page of a visitor who was not signed in', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(screen.queryByText(/You were signed out/)).not.toBeInTheDocument();
  });

  it('sends the user back to where they came from when they lack the permission', async () => {
    const { router, session } = renderApp('/projects', { session: sessionWith('project_create') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    await act(() => router.navigate('/admin/users'));
    expect(where(router)).toBe('/projects');
    expect(session.loggedIn).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
  });

  it('logs a signed-in user out who opens the login page', async () => {
    const { router, session } = renderApp('/projects', { session: sessionWith('project_create') });
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    await act(() => router.navigate('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(where(router)).toBe('/login');
    expect(session.loggedIn).toBe(false);
    expect(within(sideMenu()).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out because you opened the login page.',
    );
  });

  it('shows the menus by the permissions the session introspected', async () => {
    renderApp('/admin/realms', { session: sessionWith('realm_update', 'user_delete') });
    await screen.findByRole('heading', { level: 1, name: 'Realms' });
    const links = within(sideMenu())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Realms', 'Users']);
  });
});

describe('route guard after the session ended on its own', () => {
  it('takes the user from the page on screen to login', async () => {
    const { router, session, server } = renderApp('/projects?page=2', {
      session: sessionWith('project_create'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    server.route('GET', '/core/projects', () => errorResponse(401, 'jwk_not_found'));
    await act(() => session.api.get('core', 'projects').catch(() => undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(where(router)).toBe('/login?redirect=/projects%3Fpage%3D2');
  });
});

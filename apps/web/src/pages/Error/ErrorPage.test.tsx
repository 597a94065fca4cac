import { screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY } from '../../app/chunk-reload.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ErrorPage } from './ErrorPage.tsx';

function renderRoutes(routes: RouteObject[]) {
  const router = createMemoryRouter(
    [{ path: '/', ErrorBoundary: ErrorPage, HydrateFallback: () => null, children: routes }],
    {
      initialEntries: ['/broken'],
    },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('ErrorPage', () => {
  it('shows status code, "Internal Server Error" and a description when a screen fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([
      {
        path: 'broken',
        Component: () => {
          throw new Error('boom');
        },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong while showing this page.')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('defaults a 404 to "Page Not Found" and shows the description it was given', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([
      {
        path: 'broken',
        loader: () => {
          throw data('The project does not exist.', { status: 404 });
        },
        Component: () => null,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByText('The project does not exist.')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('does not reload again for a missing chunk within 10 seconds, but explains and offers a reload', async () => {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    renderRoutes([
      {
        path: 'broken',
        lazy: () =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
      },
    ]);
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });
});

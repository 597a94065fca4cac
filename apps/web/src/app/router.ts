import { createBrowserRouter, type RouteObject } from 'react-router';
import type { SessionStore } from '../session/session-store.ts';
import { withRouteGuard } from './route-guard-middleware.ts';
import { appRoutes } from './routes/app-routes.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router: the route table behind the route guard. `create` builds the router from the
 * guarded routes (a memory router in tests).
 */
export function createAppRouter(
  session: SessionStore,
  create: (routes: RouteObject[]) => AppRouter = (routes) => createBrowserRouter(routes),
): AppRouter {
  // Assigned after creation; the guard may run while `create` is still building the router.
  let router: AppRouter | undefined = undefined;
  const activity = { running: 0 };
  const routes = withRouteGuard(appRoutes, {
    session,
    activity,
    // Until the router exists (its first navigation), the target counts as the previous location.
    currentLocation: () => router?.state.location,
  });
  const created = create(routes);
  router = created;
  // A session that ends on its own (failed renewal, key error) takes the user to login right away:
  // the guard runs again for the page on screen. Logouts of the guard itself, and those during a
  // navigation (which is guarded anyway), need no second run.
  session.on('loggedOut', () => {
    const idle = created.state.initialized && created.state.navigation.state === 'idle';
    if (idle && activity.running === 0) void created.revalidate();
  });
  return created;
}

import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { useDocumentTitle } from 'shared-ui';
import { ProtectedRoute } from '../auth/protected-route';
import { AppLayout } from '../layout/app-layout';
import { ErrorPage } from '../pages/error-page';
import { RemotePage } from '../remotes/remote-page';
import { ROUTES, type RouteEntry, type ShellPage } from './route-table';

// The shell's own pages load on demand, so the first paint of a remote page never waits for them.
const SHELL_PAGES: Record<ShellPage, ComponentType> = {
  Login: lazy(() => import('../pages/login-page')),
  Register: lazy(() => import('../pages/register-page')),
  NotFound: lazy(() => import('../pages/not-found-page')),
};

function RoutePage({ route }: { route: RouteEntry }) {
  useDocumentTitle(route.title);
  const { source } = route;
  const Shell = 'shell' in source ? SHELL_PAGES[source.shell] : null;
  const page = Shell ? <Shell /> : 'remote' in source ? <RemotePage remote={source.remote} page={source.page} /> : null;
  return route.loginToast ? <ProtectedRoute loginToast={route.loginToast}>{page}</ProtectedRoute> : page;
}

export function toRouteObjects(routes: readonly RouteEntry[]): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <ErrorPage />,
      children: routes.map((route) => ({
        path: route.path,
        // Keyed by path: moving between two routes of one remote page must not share its state.
        element: <RoutePage key={route.path} route={route} />,
        errorElement: <ErrorPage />,
      })),
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(toRouteObjects(ROUTES));

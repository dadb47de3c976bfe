import { matchRoutes, useAuthStore, useDocumentTitle, useLocation, type RouteObject } from 'shared-ui';
import { ProtectedRoute } from '../auth/protected-route';
import { AppLayout } from '../layout/app-layout';
import { ErrorPage } from '../pages/error-page';
import { lazyRemotePage, RemotePage } from '../remotes/remote-page';
import { RemoteLoadError } from '../remotes/remote-registry';
import { RemoteUnavailable } from '../remotes/remote-unavailable';
import { AfterPageShown } from './after-page-shown';
import { preloadableLazy, type PreloadableComponent } from './preloadable-page';
import { siteNavigation, type RouteEntry, type ShellPage } from './route-table';

// The shell's own pages load on demand, so a remote page's code never waits for them.
const SHELL_PAGES: Record<ShellPage, PreloadableComponent> = {
  Login: preloadableLazy(() => import('../pages/login-page')),
  Register: preloadableLazy(() => import('../pages/register-page')),
  NotFound: preloadableLazy(() => import('../pages/not-found-page')),
};

/**
 * The route that shows `pathname`, as React Router decides it (ranked, case-insensitive, a trailing slash ignored):
 * the same matching the router does over the same table (appRoutes), so the page preload cannot pick another page.
 */
export function routeOf(pathname: string, routes: readonly RouteEntry[]): RouteEntry {
  const route = matchRoutes([...routes], pathname)?.at(-1)?.route;
  if (!route) throw new Error(`the routes have no '*' route for ${pathname}`);
  return route;
}

/** The component of a route's page, loaded on demand or ahead of the first render (main.tsx, before hydrating). */
export const pageOf = ({ source }: RouteEntry): PreloadableComponent =>
  'shell' in source ? SHELL_PAGES[source.shell] : lazyRemotePage(source.remote, source.page);

/** Shell pages that cannot do without the identity provider: it loads at once for them. */
const NEEDS_AUTH_AT_ONCE: readonly ShellPage[] = ['Login', 'Register'];

/**
 * The remotes whose pages could not be read (remote-routes.ts), and how to read them again: a path no route matches
 * may be one of theirs.
 */
export interface RemoteOutage {
  unavailable: string[];
  retry(): Promise<void>;
}

/** Not Found, or, while a remote's pages are unknown, that its section could not load, with a Retry. */
function NotFoundOrUnavailable({ outage }: { outage?: RemoteOutage }) {
  // A retry ends in a navigation: a new location, so a failed one leaves a fresh Retry.
  const { key } = useLocation();
  const remote = outage?.unavailable[0];
  if (!remote) return <SHELL_PAGES.NotFound />;
  const error = new RemoteLoadError(remote, location.pathname, new Error('its pages could not be read'));
  return <RemoteUnavailable key={key} error={error} onRetry={() => void outage.retry()} />;
}

function RoutePage({ route, outage }: { route: RouteEntry; outage?: RemoteOutage }) {
  useDocumentTitle(route.title, { routeDefault: true });
  // A member the stored token names (stored-session.ts) needs no Firebase for the page: it loads once the page is
  // shown (RemotePage's own AfterPageShown), so its code does not share the link with the page's.
  const memberFromStoredToken = useAuthStore((s) => s.loading && s.user !== null);
  const { source } = route;
  let page;
  if ('shell' in source) {
    const Shell = SHELL_PAGES[source.shell];
    page = (
      <>
        {source.shell === 'NotFound' ? <NotFoundOrUnavailable outage={outage} /> : <Shell />}
        <AfterPageShown authNow={NEEDS_AUTH_AT_ONCE.includes(source.shell)} />
      </>
    );
  } else {
    page = <RemotePage remote={source.remote} page={source.page} />;
  }
  if (!route.loginToast) return page;
  return (
    <>
      {!memberFromStoredToken && <AfterPageShown authNow />}
      <ProtectedRoute loginToast={route.loginToast}>{page}</ProtectedRoute>
    </>
  );
}

/** The layout route's id: a retry patches the remote pages it recovered in under it (main.tsx). */
export const LAYOUT_ROUTE_ID = 'layout';

/** The routes' route objects, the children of the layout (appRoutes); also what a retry patches in. */
export const pageRoutes = (routes: readonly RouteEntry[], outage?: RemoteOutage): RouteObject[] =>
  routes.map((route) => ({
    // By path: the server's render and the browser's hydration name each route's data alike (src/server).
    id: route.path,
    path: route.path,
    // Keyed by path: moving between two routes of one remote page must not share its state.
    element: <RoutePage key={route.path} route={route} outage={outage} />,
    errorElement: <ErrorPage />,
  }));

/**
 * Every route of the table inside the layout, as React Router's route objects (data mode: the shell's main.tsx
 * creates the one router from them, the server's render its handler). Each route has its own error page (spec: every
 * route has one), so a page that throws leaves the navigation bar and footer working; the layout's catches the layout
 * itself. The layout links the pages as the routes publish it (a remote's pages that a Retry recovers are linked from
 * the next page load on).
 */
export function appRoutes(routes: readonly RouteEntry[], outage?: RemoteOutage): RouteObject[] {
  return [
    {
      id: LAYOUT_ROUTE_ID,
      element: <AppLayout navigation={siteNavigation(routes)} />,
      errorElement: <ErrorPage />,
      children: pageRoutes(routes, outage),
    },
  ];
}

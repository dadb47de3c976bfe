import 'shared-ui/fonts';
import { StrictMode, Suspense, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  configureApi,
  createBrowserRouter,
  hydrateAuthStore,
  KitProvider,
  RouterProvider,
  Spinner,
  takeServerAnswers,
  toast,
  useAuthStore,
  type AuthUser,
  type DehydratedState,
  type HydrationState,
} from 'shared-ui';
import { followLoginRedirect } from './auth/login-redirect';
import { startAuth, startAuthWhenIdle } from './auth/start-auth';
import { startFromStoredToken } from './auth/stored-session';
import { reportRouteError } from './pages/error-page';
import { loadRemoteRoutes } from './routes/remote-routes';
import { siteRoutes } from './routes/route-table';
import { appRoutes, LAYOUT_ROUTE_ID, pageOf, pageRoutes, routeOf, type RemoteOutage } from './routes/router';
import { readRenderedState } from './server/rendered-state';
import { followPageViews } from './telemetry/page-notes';
import { whenIdle } from 'shared-ui/scheduling/when-idle';
import { afterLoad } from './after-load';

configureApi({ baseUrl: import.meta.env.VITE_API_URL });

// A page the render service rendered (#53) is hydrated from what it sent: its answers, for the member or visitor it
// rendered for (from their page session), known at once. Firebase's answer, once it has loaded, may change that.
const rendered = readRenderedState<DehydratedState, HydrationState, AuthUser>();
if (rendered) {
  takeServerAnswers(rendered.queries);
  hydrateAuthStore(rendered.member);
}
const fromStoredToken = !rendered && startFromStoredToken();
// The routes: the remotes' pages as their manifests publish them, and the shell's own.
const remote = await loadRemoteRoutes();
const routes = siteRoutes(remote.routes);
const firstRoute = routeOf(location.pathname, routes);
// A member's page needs Firebase to know who is signed in: at once, unless a usable stored token already says who
// (then it loads once the page is shown, as on other pages).
// The load event's is the backstop for a page that never shows, for Firebase (AfterPageShown).
if (!fromStoredToken && firstRoute.loginToast) startAuth();
afterLoad(() =>
  setTimeout(() => {
    startAuthWhenIdle();
    // Release health's telemetry (the web-vitals library and the views' beacon), off the page's critical path and
    // out of its live-page JavaScript: what the page noted meanwhile waits for it (telemetry/page-notes.ts).
    whenIdle(
      () =>
        void import('./telemetry/web-vitals').then(({ measureWebVitals }) =>
          measureWebVitals(import.meta.env.VITE_API_URL),
        ),
    );
  }, 3000),
);

// A remote whose pages could not be read: its Retry reads them again, adds them to the router and shows the path anew.
const outage: RemoteOutage = {
  unavailable: remote.unavailable,
  async retry() {
    const again = await loadRemoteRoutes({ retry: true });
    const recovered = again.routes.filter(
      ({ source }) => 'remote' in source && outage.unavailable.includes(source.remote),
    );
    outage.unavailable = again.unavailable;
    router.patchRoutes(LAYOUT_ROUTE_ID, pageRoutes(recovered, outage));
    await router.navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  },
};

/** Marks the document once the app has committed (hydrated, or rendered in the browser): the page is live. */
function MarkLive() {
  useEffect(() => {
    document.documentElement.dataset.live = '';
  }, []);
  return null;
}

// The site's one router (React Router's data mode), over the routes.
const router = createBrowserRouter(appRoutes(routes, outage), { hydrationData: rendered?.router });
// A signed-out request the render service sent to /login: the page's toast, and back to it after signing in.
await followLoginRedirect(new URL(location.href), {
  loginToastOf: (pathname) => routeOf(pathname, routes).loginToast,
  showToast: (text) => toast.error(text, { id: 'login-required' }),
  navigate: (to, state) => router.navigate(to, { replace: true, state }),
  authState: () => useAuthStore.getState(),
  subscribeAuth: (listener) => useAuthStore.subscribe(listener),
  onLoginPage: () => router.state.location.pathname === '/login',
});
// Each page view, for release health: the module of the route it shows.
followPageViews(router, (pathname) => {
  const { source } = routeOf(pathname, routes);
  return 'remote' in source ? source.remote : null;
});
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <KitProvider>
      <Suspense fallback={<Spinner />}>
        <RouterProvider router={router} onError={reportRouteError} />
      </Suspense>
    </KitProvider>
    <MarkLive />
  </StrictMode>
);
if (rendered) {
  // The page's code first, so the first render is the server's HTML rather than its loading state.
  await pageOf(firstRoute).preload();
  hydrateRoot(container, app);
} else {
  // Sent client-rendered (a shell page, a member's, or a remote that failed on the server): the page's loading state.
  createRoot(container).render(app);
}

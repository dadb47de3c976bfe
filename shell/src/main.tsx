import 'shared-ui/fonts';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi, createBrowserRouter, KitProvider, RouterProvider, Spinner } from 'shared-ui';
import { releaseHeldBackStyles } from 'first-paint/marks';
import { startAuth, startAuthWhenIdle } from './auth/start-auth';
import { startFromStoredToken } from './auth/stored-session';
import { earlyResponses } from 'first-paint/hand-over/take';
import { renderOverFirstPaint } from './routes/first-paint';
import { appRoutes, routeOf } from './routes/router';

configureApi({ baseUrl: import.meta.env.VITE_API_URL, earlyResponses });

// A member's page needs Firebase to know who is signed in: at once (index.html's head start has usually imported its
// session already), unless a usable stored token already says who (then it loads once the page is shown, as on
// other pages).
// The load event's is the backstop for a page that never shows, for Firebase and the fonts (AfterPageShown).
if (!startFromStoredToken() && routeOf(location.pathname).loginToast) startAuth();
window.addEventListener(
  'load',
  () =>
    setTimeout(() => {
      releaseHeldBackStyles();
      startAuthWhenIdle();
    }, 3000),
  { once: true },
);

// The site's one router (React Router's data mode), over the route table.
const router = createBrowserRouter(appRoutes());
const container = document.getElementById('root')!;
await renderOverFirstPaint(
  createRoot(container),
  container,
  <StrictMode>
    <KitProvider>
      <Suspense fallback={<Spinner />}>
        <RouterProvider router={router} />
      </Suspense>
    </KitProvider>
  </StrictMode>,
);

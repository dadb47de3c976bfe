import 'shared-ui/fonts';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, configureApi, KitProvider, Spinner } from 'shared-ui';
import { startAuth, startAuthWhenIdle } from './auth/start-auth';
import { startFromStoredToken } from './auth/stored-session';
import { earlyApiResponses } from './remotes/early-remote-load';
import { renderOverFirstPaint } from './routes/first-paint';
import { AppRoutes, routeOf } from './routes/router';

configureApi({ baseUrl: import.meta.env.VITE_API_URL, earlyResponses: earlyApiResponses });

startFromStoredToken();
// A member's page needs Firebase: its code loads beside the page's rather than after it. Other pages start it
// once they are shown; this is the backstop for one that never shows.
if (routeOf(location.pathname).loginToast) startAuth();
window.addEventListener('load', () => setTimeout(startAuthWhenIdle, 3000), { once: true });

const container = document.getElementById('root')!;
await renderOverFirstPaint(
  createRoot(container),
  container,
  <StrictMode>
    <KitProvider>
      <Suspense fallback={<Spinner />}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Suspense>
    </KitProvider>
  </StrictMode>,
);

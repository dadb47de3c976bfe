import 'shared-ui/fonts';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, configureApi, KitProvider, Spinner } from 'shared-ui';
import { startAuthWhenIdle } from './auth/start-auth';
import { earlyApiResponses } from './remotes/early-remote-load';
import { renderOverFirstPaint } from './routes/first-paint';
import { AppRoutes } from './routes/router';

configureApi({ baseUrl: import.meta.env.VITE_API_URL, earlyResponses: earlyApiResponses });

// Pages start the identity provider when they are shown; this is the backstop for one that never shows.
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

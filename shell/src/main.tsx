import 'shared-ui/fonts';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, configureApi, KitProvider, Spinner } from 'shared-ui';
import { startAuthWhenIdle } from './auth/start-auth';
import { AppRoutes } from './routes/router';

configureApi({ baseUrl: import.meta.env.VITE_API_URL });

createRoot(document.getElementById('root')!).render(
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

// Pages start the identity provider when they are shown; this is the backstop for one that never shows.
window.addEventListener('load', () => setTimeout(startAuthWhenIdle, 3000), { once: true });

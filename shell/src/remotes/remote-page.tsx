/**
 * Renders a remote's page. If the remote cannot be reached, only this route shows a fallback whose Retry really
 * loads it again: each attempt is a new lazy component, because React.lazy caches a failed import. Errors the
 * page throws once loaded go on to the route's error page.
 */
import { createContext, Suspense, useContext, useEffect, useState } from 'react';
import { Spinner } from 'shared-ui';
import styled from 'styled-components';
import { AfterPageShown } from '../routes/after-page-shown';
import { preloadableLazy, type PreloadableComponent } from '../routes/preloadable-page';
import { reportPageError } from '../telemetry/page-notes';
import { KitMismatchError } from './kit-contract';
import { loadRemotePage, RemoteLoadError } from './remote-registry';
import { RemoteUnavailable } from './remote-unavailable';

const RetryContext = createContext<() => void>(() => {});

function RetryableFallback({ error }: { error: RemoteLoadError }) {
  // Counted against the page view it is shown in (release health).
  useEffect(
    () => reportPageError(error.cause instanceof KitMismatchError ? 'kit-contract' : 'remote-load'),
    [error],
  );
  return <RemoteUnavailable error={error} onRetry={useContext(RetryContext)} />;
}

/** Pages start below the fixed navigation bar; so does the spinner in their place. */
const BelowNavbar = styled.div`
  padding-top: ${({ theme }) => theme.layout.navHeight};
`;

/** What a page's place shows while its code loads. */
export function PageLoading() {
  return (
    <BelowNavbar>
      <Spinner label="Loading..." showLabel={false} />
    </BelowNavbar>
  );
}

/** One lazy component per page and attempt, created once and reused on later visits. */
const lazyPages = new Map<string, PreloadableComponent>();
/** The page's component for this attempt (the first, 0, unless Retry was pressed); preloaded, it renders at once. */
export function lazyRemotePage(remote: string, page: string, attempt = 0): PreloadableComponent {
  const key = `${remote}/${page}#${attempt}`;
  let Page = lazyPages.get(key);
  if (!Page) {
    Page = preloadableLazy(async () => {
      try {
        return await loadRemotePage(remote, page, { retry: attempt > 0 });
      } catch (error) {
        if (!(error instanceof RemoteLoadError)) throw error;
        console.error(error, error.cause);
        return { default: () => <RetryableFallback error={error} /> };
      }
    });
    lazyPages.set(key, Page);
  }
  return Page;
}

/**
 * Where a remote page's component comes from: the browser's federation runtime (lazyRemotePage), or, in a server
 * render, the module the route's loader loaded for that request (src/server/render-page.tsx).
 */
export const RemotePageSource = createContext(lazyRemotePage);

export function RemotePage({ remote, page }: { remote: string; page: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useContext(RemotePageSource)(remote, page, attempt);
  return (
    <RetryContext.Provider value={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageLoading />}>
        {/* eslint-disable-next-line react-hooks/static-components -- cached in lazyPages: the same component every render */}
        <Page />
        {/* Once a public page is on screen, Firebase and the toasts may load (protected routes started Firebase). */}
        <AfterPageShown />
      </Suspense>
    </RetryContext.Provider>
  );
}

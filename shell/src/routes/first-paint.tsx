/**
 * The hand-over from index.html's prerendered first screen (first-paint/vite/prerender-layout.ts) to the live app, and
 * the shell's one mechanism of its own for "code and data before the first render". The picture stays until the
 * current route's page code has loaded (and, for a page drawn with data, its first query has been answered); then the
 * app's first commit replaces it (React clears the container on its first commit) with the live page, so no spinner
 * or blank frame shows in between.
 *
 * Why not React Router's route `lazy` and `loader` (issue #45 item 3), measured on react-router 7.18 with a memory
 * router: a child route's `lazy` runs even when its parent's guard loader redirects (a signed-out visitor would load
 * the protected page's code before /login, and `redirect` cannot carry the `from` the login page returns to); a
 * rejected `lazy` is not called again on the next visit (the remote-down Retry would patch every route anew); and a
 * navigation waits on screen for both (the old page stays where the spec has the new page's spinner and its own
 * loading text, qa/loading-states.spec.ts). Only the visit's first render needs its code and data first, and that
 * is what this file does; every later page loads behind its route's Suspense spinner (remote-page.tsx) and asks
 * for its data itself. The router already runs in data mode (main.tsx), which `useBlocker` needs.
 */
import { lazy, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { answerFirstPage, matchRoutes, setReplacingPicture, useAuthStore } from 'shared-ui';
import { endFirstPaint } from 'first-paint/hand-over/end';
import type { PageModule } from 'first-paint/page-route';
import { FIRST_PAINT_ATTRIBUTE, PAGE_PICTURE_ATTRIBUTE } from 'first-paint/marks';
import type { RouteEntry } from './route-table';

export interface PreloadableComponent {
  (): React.JSX.Element;
  /** Loads the code ahead of the first render and gives its module; never rejects (a failure is the render's to show). */
  preload(): Promise<PageModule | undefined>;
}

/**
 * A lazy component whose code can be loaded before it is first rendered: mounted after that, it renders at once
 * instead of suspending, so the first commit can already show it.
 */
export function preloadableLazy(load: () => Promise<PageModule>): PreloadableComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<PageModule> | undefined;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(start);
  function Preloadable() {
    // Decided once per mount: switching from the lazy wrapper to the module later would remount the page.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Preloadable.preload = () => start().catch(() => undefined);
  return Preloadable;
}

/** The page the visit opened on: its route, and its component (router.tsx, pageOf). */
export interface FirstPage {
  route: RouteEntry;
  page: PreloadableComponent;
}

/** Resolves once the auth store names a member, or Firebase has answered that there is none. */
function viewerKnown(): Promise<void> {
  const known = ({ user, loading }: { user: unknown; loading: boolean }) => user !== null || !loading;
  return new Promise((resolve) => {
    if (known(useAuthStore.getState())) return resolve();
    const stop = useAuthStore.subscribe((state) => {
      if (!known(state)) return;
      stop();
      resolve();
    });
  });
}

/**
 * Loads the first page's code and, when `pictureShown()` says its picture is on screen once the code is in, has the
 * query it opens with answered, so its first render shows what its picture showed; returns whether the picture was
 * shown. Never rejects. A protected page's query waits for a member: for a returning member, whose picture the head
 * start drew with Firebase's answer, until the shell has it too (rather than show the route's spinner over the
 * picture); without one the page only sends the visitor to sign in.
 */
export async function readyFirstPage(
  { route, page }: FirstPage,
  pictureShown: () => boolean,
): Promise<boolean> {
  const module = await page.preload();
  if (!pictureShown()) return false;
  if (route.loginToast) await viewerKnown();
  const viewer = useAuthStore.getState().user?.uid;
  if (!module?.pageQuery || (route.loginToast && !viewer)) return true;
  const params = matchRoutes([route], location.pathname)?.at(-1)?.params ?? {};
  await answerFirstPage(module.pageQuery(params, viewer, new URLSearchParams(location.search)));
  return true;
}

/** Rendered beside the app: in the commit that replaced the picture, before it is painted, lifts its marks. */
function EndFirstPaint({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => {
    setReplacingPicture(false);
    endFirstPaint(container);
  }, [container]);
  return null;
}

export async function renderOverFirstPaint(
  root: Root,
  container: HTMLElement,
  app: ReactNode,
  first: FirstPage,
): Promise<void> {
  if (!container.hasAttribute(FIRST_PAINT_ATTRIBUTE)) {
    root.render(app);
    return;
  }
  // A picture of the page is on screen: the page replaces it showing the same data (which the picture had, so it
  // is in), and what it mounts carries on the picture's entrance rather than make its own (shared-ui's
  // picture-handover.ts). Without one the page shows its own loading state until its data arrives.
  const pictureShown = await readyFirstPage(
    first,
    () => container.querySelector(`[${PAGE_PICTURE_ATTRIBUTE}]`) !== null,
  );
  setReplacingPicture(pictureShown);
  root.render(
    <>
      {app}
      <EndFirstPaint container={container} />
    </>,
  );
}

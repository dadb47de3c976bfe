/**
 * The hand-over from index.html's prerendered first screen (first-paint/vite/prerender-layout.ts) to the live app. The
 * picture stays until the current route's page code has loaded (and, for a page drawn with data, its data); then the
 * app's first commit replaces it (React clears the container on its first commit) with the live page, so no spinner
 * or blank frame shows in between.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { setReplacingPicture } from 'shared-ui';
import { endFirstPaint } from 'first-paint/hand-over/end';
import { FIRST_PAINT_ATTRIBUTE, PAGE_PICTURE_ATTRIBUTE } from 'first-paint/marks';
import type { RouteEntry } from './route-table';
import { answerFirstPageOf, preloadPageOf } from './router';

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
  routes: readonly RouteEntry[],
): Promise<void> {
  if (!container.hasAttribute(FIRST_PAINT_ATTRIBUTE)) {
    root.render(app);
    return;
  }
  await preloadPageOf(location.pathname, routes);
  // A picture of the page is on screen: the page replaces it showing the same data (which the picture had, so it
  // is in), and what it mounts carries on the picture's entrance rather than make its own (shared-ui's
  // picture-handover.ts). Without one the page shows its own loading state until its data arrives.
  const pictureShown = container.querySelector(`[${PAGE_PICTURE_ATTRIBUTE}]`) !== null;
  if (pictureShown) await answerFirstPageOf(location.pathname, routes);
  setReplacingPicture(pictureShown);
  root.render(
    <>
      {app}
      <EndFirstPaint container={container} />
    </>,
  );
}

import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'shared-ui';

/** The page's place in the layout: the skip link's target, and where a new page's heading is looked for. */
export const MAIN_ID = 'main';

/** How long a new page may take to show its heading (its remote's code, then its data) before focus gives up on it. */
const HEADING_WAIT_MS = 15_000;

/**
 * Calls `found` with the first h1 inside `root` once there is one (at once if it is there already), unless the returned
 * cancel comes first.
 */
function whenHeadingShown(root: HTMLElement, found: (heading: HTMLElement) => void): () => void {
  const heading = root.querySelector('h1');
  if (heading) {
    found(heading);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const shown = root.querySelector('h1');
    if (!shown) return;
    stop();
    found(shown);
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}

/**
 * A client-side page change, as a screen reader or keyboard member follows it (issue #55 item 4): focus moves to the new
 * page's h1 once it is shown (the page may still be loading its code or data), and the new document title is returned
 * for the layout's one polite live region to announce. The first page of a visit is left to the browser, and so is a
 * change of the search alone (?q= typed in place). Focus stays where the member put it inside the page meanwhile (a
 * field they started typing in). Focus does not scroll: the layout puts a new page at its top, and Back and Forward
 * leave the browser's scroll restoration alone (app-layout.tsx).
 */
export function usePageChangeFocus(): string {
  const { pathname } = useLocation();
  const lastPathname = useRef(pathname);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    let announce: ReturnType<typeof setTimeout> | undefined;
    const cancel = whenHeadingShown(main, (heading) => {
      const active = document.activeElement;
      if (active && active !== document.body && main.contains(active)) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      // The page's own title (an artifact's name) is set in an effect of the same commit as its heading: read it after.
      announce = setTimeout(() => setAnnouncement(document.title), 100);
    });
    return () => {
      cancel();
      clearTimeout(announce);
    };
  }, [pathname]);
  return announcement;
}

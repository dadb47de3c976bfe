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
  const look = () => {
    const heading = root.querySelector('h1');
    if (!heading) return;
    stop();
    found(heading);
  };
  const observer = new MutationObserver(look);
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
  look();
  return stop;
}

/**
 * A client-side page change as a screen reader or keyboard member follows it (docs/navigation-and-closing.md): focus
 * to the new page's h1 once it is shown, and the new title returned for the layout's live region to announce.
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

/**
 * What the page notes for release health (#56 item 2) until page-views.ts loads (docs/releasing.md, "Release
 * health"): the only telemetry on a page's critical path. Nothing runs as the module is imported (the server imports
 * it).
 */
import type { PageErrorKind } from 'artifact-model/release-health';

export type PageNote =
  | { kind: 'release'; remote: string; release: string }
  | { kind: 'view'; remote: string | null }
  | { kind: 'error'; error: PageErrorKind };

/** Where a page left before its telemetry loaded keeps its notes for the next page of the tab. */
export const CARRIED_NOTES_KEY = 'hv-telemetry-notes';

/** At most this many notes are carried: a tab whose telemetry never loads does not fill its storage. */
const CARRIED_NOTES_MAX = 200;

const notes: PageNote[] = [];
let taker: ((note: PageNote) => void) | null = null;

function note(pageNote: PageNote): void {
  if (taker) taker(pageNote);
  else notes.push(pageNote);
}

/** The notes so far, and each note from now on to `take` (page-views.ts, once loaded). */
export function takeNotes(take: (note: PageNote) => void): PageNote[] {
  taker = take;
  return notes.splice(0);
}

/** The notes a page of this tab left before its telemetry loaded, taken once. */
export function takeCarriedNotes(): PageNote[] {
  try {
    const carried = sessionStorage.getItem(CARRIED_NOTES_KEY);
    sessionStorage.removeItem(CARRIED_NOTES_KEY);
    return carried ? (JSON.parse(carried) as PageNote[]) : [];
  } catch {
    // Storage refused or a note unreadable: dropped, telemetry never disturbs the page.
    return [];
  }
}

/** The release of a remote a manifest address names (`/releases/<version>/mf-manifest.json`), else its build's. */
export const releaseOfManifestUrl = (url: string): string =>
  /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(url)?.[1] ?? 'build';

export const noteRelease = (remote: string, release: string) => note({ kind: 'release', remote, release });

export const reportPageError = (error: PageErrorKind) => note({ kind: 'error', error });

/** What followPageViews needs of React Router's router: its state's location, and its subscription. */
interface FollowedRouter {
  state: { location: { key: string; pathname: string } };
  subscribe(listener: (state: { location: { key: string; pathname: string } }) => void): () => void;
}

/**
 * A page view for the router's location now and for each location it moves to (a navigation, a back or forward),
 * of the module `remoteOf` says shows it. Noted as the location changes, before the page renders, so whatever the
 * page then meets (an error boundary, a failed load) counts against it; so does an unhandled promise rejection.
 */
export function followPageViews(router: FollowedRouter, remoteOf: (pathname: string) => string | null): void {
  let key = router.state.location.key;
  note({ kind: 'view', remote: remoteOf(router.state.location.pathname) });
  router.subscribe(({ location }) => {
    if (location.key === key) return;
    key = location.key;
    note({ kind: 'view', remote: remoteOf(location.pathname) });
  });
  window.addEventListener('unhandledrejection', () => reportPageError('unhandled-rejection'));
  window.addEventListener('pagehide', () => {
    if (taker || !notes.length) return;
    try {
      const carried = [...takeCarriedNotes(), ...notes].slice(-CARRIED_NOTES_MAX);
      sessionStorage.setItem(CARRIED_NOTES_KEY, JSON.stringify(carried));
    } catch {
      // Storage full or refused: these notes are lost, and the page is not disturbed.
    }
  });
}

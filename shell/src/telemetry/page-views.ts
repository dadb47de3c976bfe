/**
 * Release health from real visits (issue #56 item 2; the API's side: api/README.md, "Release health"). The shell
 * notes, for each page view, the release of the module the page comes from, the errors the page met (a remote that
 * failed to load, the kit contract refusing it, an error boundary shown, an unhandled rejection) and, for the page
 * the document was loaded on, its web vitals (web-vitals.ts, loaded once the page is idle: no code on the critical
 * path). Views are sent in batches with navigator.sendBeacon to POST /api/telemetry: when the page is hidden (the
 * visitor leaves, reloads or switches tab), or when ten are waiting. Each view is sent once; nothing names the visitor,
 * and a refusal or a failed send is dropped: telemetry never disturbs the page.
 */
import { TELEMETRY_PATH } from 'artifact-model/api-paths';
import type { PageErrorKind, PageView, WebVital } from 'artifact-model/release-health';

const BATCH_SIZE = 10;

interface OpenView {
  remote: string | null;
  errors: PageErrorKind[];
  vitals: Partial<Record<WebVital, number>>;
  sent: boolean;
}

/** Each remote's release as this page loaded it: its manifest's buildVersion, or the release its address names. */
const releases = new Map<string, string>();
const waiting: PageView[] = [];
let current: OpenView | null = null;
/** The view the document was loaded on: the web vitals are the document's, so they are its. */
let landing: OpenView | null = null;
let endpoint: string | null = null;

/** The release of a remote a manifest address names (`/releases/<version>/mf-manifest.json`), else its build's. */
export const releaseOfManifestUrl = (url: string): string =>
  /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(url)?.[1] ?? 'build';

export function noteRelease(remote: string, release: string): void {
  releases.set(remote, release);
}

function close(view: OpenView): void {
  if (view.sent) return;
  view.sent = true;
  if (!view.remote) return;
  const release = releases.get(view.remote);
  if (!release) return;
  waiting.push({
    modules: [{ remote: view.remote, release }],
    ...view.vitals,
    errors: view.errors.slice(0, 50),
  });
}

/** A new page view, of a remote's page or (null) one of the shell's own: the one before it is done. */
export function startPageView(remote: string | null): void {
  if (current) close(current);
  current = { remote, errors: [], vitals: {}, sent: false };
  landing ??= current;
  if (waiting.length >= BATCH_SIZE) sendWaiting();
}

export function reportPageError(kind: PageErrorKind): void {
  if (current && !current.sent) current.errors.push(kind);
}

export function recordVital(vital: WebVital, value: number): void {
  if (landing && !landing.sent) landing.vitals[vital] = value;
}

/** Sends the views waiting and the one open (which is then done): the page is being hidden. */
export function sendPageViews(): void {
  if (current) close(current);
  sendWaiting();
}

function sendWaiting(): void {
  if (!endpoint || !waiting.length || typeof navigator.sendBeacon !== 'function') return;
  const views = waiting.splice(0);
  try {
    // A string goes as text/plain: no preflight to the API's origin, which takes it on this route.
    navigator.sendBeacon(endpoint, JSON.stringify({ views }));
  } catch {
    // Dropped: telemetry never disturbs the page.
  }
}

const onUnhandledRejection = () => reportPageError('unhandled-rejection');

const onHidden = () => {
  if (document.visibilityState === 'hidden') sendPageViews();
};

/**
 * Starts sending to the API at `apiUrl`, and counting unhandled rejections (in the browser only: nothing runs as the
 * module is imported, so the server can import it). Called again (web-vitals.ts, once the library has set up its own listeners),
 * it moves the send after them, so the vitals they report as the page is hidden go in the same beacon.
 */
export function startPageViewTelemetry(apiUrl: string): void {
  endpoint = `${apiUrl.replace(/\/+$/, '')}${TELEMETRY_PATH}`;
  document.removeEventListener('visibilitychange', onHidden);
  document.addEventListener('visibilitychange', onHidden);
  // A page left while visible (a reload, a link away) where the browser fires no visibilitychange: the same send.
  window.removeEventListener('pagehide', sendPageViews);
  window.addEventListener('pagehide', sendPageViews);
  // An unhandled promise rejection counts against the page view it happened in.
  window.removeEventListener('unhandledrejection', onUnhandledRejection);
  window.addEventListener('unhandledrejection', onUnhandledRejection);
}

/** What followPageViews needs of React Router's router: its state's location, and its subscription. */
interface FollowedRouter {
  state: { location: { key: string; pathname: string } };
  subscribe(listener: (state: { location: { key: string; pathname: string } }) => void): () => void;
}

/**
 * A page view for the router's location now and for each location it moves to (a navigation, a back or forward),
 * of the module `remoteOf` says shows it. Started as the location changes, before the page renders, so whatever the
 * page then meets (an error boundary, a failed load) counts against it.
 */
export function followPageViews(router: FollowedRouter, remoteOf: (pathname: string) => string | null): void {
  let key = router.state.location.key;
  startPageView(remoteOf(router.state.location.pathname));
  router.subscribe(({ location }) => {
    if (location.key === key) return;
    key = location.key;
    startPageView(remoteOf(location.pathname));
  });
}

/**
 * Release health's page views (#56 item 2), made of the page's notes (page-notes.ts) and sent in batches with
 * sendBeacon; what is sent and when: docs/releasing.md, "Release health". A refusal or a failed send is dropped:
 * telemetry never disturbs the page.
 */
import { TELEMETRY_PATH } from 'artifact-model/api-paths';
import type { PageErrorKind, PageView, WebVital } from 'artifact-model/release-health';
import { takeCarriedNotes, takeNotes, type PageNote } from './page-notes';

const BATCH_SIZE = 10;

interface OpenView {
  remote: string | null;
  errors: PageErrorKind[];
  vitals: Partial<Record<WebVital, number>>;
}

/** Each remote's release as this page loaded it: its manifest's buildVersion, or the release its address names. */
const releases = new Map<string, string>();
const waiting: PageView[] = [];
let current: OpenView | null = null;
/**
 * The view the document was loaded on, open or done: the web vitals are the document's, so they are its. web-vitals
 * reports LCP after the first input and CLS as the page is hidden, often once the visitor has moved on to another
 * view: they still join it until it is sent.
 */
let landing: { open: OpenView } | { done: PageView } | null = null;
let endpoint: string | null = null;
/** The document's first view: the one its vitals belong to. */
let firstView: OpenView | null = null;

function close(view: OpenView): void {
  if (landing && 'open' in landing && landing.open === view) landing = null;
  if (!view.remote) return;
  const release = releases.get(view.remote);
  if (!release) return;
  const done: PageView = {
    modules: [{ remote: view.remote, release }],
    ...view.vitals,
    errors: view.errors.slice(0, 50),
  };
  waiting.push(done);
  if (view === firstView) landing = { done };
}

function take(note: PageNote): void {
  if (note.kind === 'release') releases.set(note.remote, note.release);
  else if (note.kind === 'error') current?.errors.push(note.error);
  else {
    if (current) close(current);
    current = { remote: note.remote, errors: [], vitals: {} };
    if (!firstView) {
      firstView = current;
      landing = { open: current };
    }
    if (waiting.length >= BATCH_SIZE) sendWaiting();
  }
}

export function recordVital(vital: WebVital, value: number): void {
  if (!landing) return;
  if ('open' in landing) landing.open.vitals[vital] = value;
  else landing.done[vital] = value;
}

/** Sends the views waiting and the one open (which is then done): the page is being hidden. */
export function sendPageViews(): void {
  if (current) close(current);
  current = null;
  sendWaiting();
}

function sendWaiting(): void {
  if (!endpoint || !waiting.length || typeof navigator.sendBeacon !== 'function') return;
  const views = waiting.splice(0);
  if (landing && 'done' in landing && views.includes(landing.done)) landing = null;
  try {
    // A string goes as text/plain: no preflight to the API's origin, which takes it on this route.
    navigator.sendBeacon(endpoint, JSON.stringify({ views }));
  } catch {
    // Dropped: telemetry never disturbs the page.
  }
}

const onHidden = () => {
  if (document.visibilityState === 'hidden') sendPageViews();
};

/**
 * Starts sending to the API at `apiUrl` (web-vitals.ts calls it once the library has set up its own listeners, so
 * the vitals it reports as the page is hidden go in the same beacon): the views a page of this tab left before its
 * telemetry loaded go at once, and this page's notes so far and from now on make its views.
 */
export function startPageViewTelemetry(apiUrl: string): void {
  endpoint = `${apiUrl.replace(/\/+$/, '')}${TELEMETRY_PATH}`;
  const carried = takeCarriedNotes();
  if (carried.length) {
    for (const note of carried) take(note);
    sendPageViews();
    firstView = null;
    landing = null;
  }
  for (const note of takeNotes(take)) take(note);
  document.addEventListener('visibilitychange', onHidden);
  // A page left while visible (a reload, a link away) where the browser fires no visibilitychange: the same send.
  window.addEventListener('pagehide', sendPageViews);
}

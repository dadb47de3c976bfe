/**
 * One measured cold load of one route under one network/CPU condition, and the search-box interaction.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { REMOTES, type RemoteName } from 'site-config/apps';
import { stackUrls } from '../../stack/stack.ts';
import {
  criticalPathJs,
  DEFERRED_AFTER_PAINT,
  isCss,
  isJs,
  loadRoute,
  readProbe,
  type NetworkRecorder,
  sentInPageTime,
  type ProbeState,
  type RecordedRequest,
} from './critical-path.ts';
import { bodyFacts, duplicates, type BodyFacts, type Duplicate } from './libraries.ts';
import type { SessionState, StorageState } from '../../e2e/fixtures/member-session.ts';
import { RENDERED_STATE_ID } from '../../shell/src/server/rendered-state.ts';
import { TELEMETRY_PATH } from '../../model/src/api-paths.ts';

export interface Condition {
  name: 'unthrottled' | 'throttled';
  label: string;
  cpuSlowdown: number;
  /** null: the machine's own loopback network. */
  network: { latencyMs: number; downloadBytesPerSec: number; uploadBytesPerSec: number } | null;
}

export const CONDITIONS: readonly Condition[] = [
  { name: 'unthrottled', label: 'unthrottled (loopback, no CPU slowdown)', cpuSlowdown: 1, network: null },
  {
    name: 'throttled',
    label: '4x CPU slowdown, 150 ms latency, 1.6 Mbps down, 750 kbps up',
    cpuSlowdown: 4,
    network: { latencyMs: 150, downloadBytesPerSec: 200_000, uploadBytesPerSec: 93_750 },
  },
];

export async function applyCondition(session: CDPSession, condition: Condition): Promise<void> {
  if (condition.cpuSlowdown !== 1)
    await session.send('Emulation.setCPUThrottlingRate', { rate: condition.cpuSlowdown });
  if (condition.network) {
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: condition.network.latencyMs,
      downloadThroughput: condition.network.downloadBytesPerSec,
      uploadThroughput: condition.network.uploadBytesPerSec,
    });
  }
}

/** What a measured page is: a route of the site, or the static floor page. */
export interface Target {
  /** The row's name: the route table's path, with the member's case when it is not 'signed in'. */
  key: string;
  /** The route table's path ('floor' for the floor page). */
  route: string;
  url: string;
  needsMember: boolean;
  /** On a protected route, what the browser holds of the member (e2e/fixtures/member-session.ts). */
  session: Exclude<SessionState, 'firebase'> | null;
  remote: RemoteName | null;
  /** The pathname the page must still be on once loaded (a protected route must not bounce to /login). */
  expectPath: string;
  /**
   * Texts of the page's data, one of which the server's HTML must show (its drawn page, not only its data block):
   * the load fails otherwise. null: not checked.
   */
  drawnTexts: string[] | null;
  /** Release health's telemetry kept off the page (TELEMETRY_URLS blocked): the same route's cost without it. */
  telemetryOff: boolean;
}

/**
 * Release health's telemetry (#56), as DevTools URL patterns: the chunk with web-vitals and the page-view sender
 * (shell/src/telemetry/, loaded 3 s after the load event), and its beacons. The page-notes recorder in the shell's
 * main chunk stays: it cannot be cut off alone.
 */
export const TELEMETRY_URLS = ['*/assets/web-vitals-*', `*${TELEMETRY_PATH}*`];
/** What a row's key says of a load without the telemetry. */
export const TELEMETRY_OFF = '(telemetry off)';
const isTelemetry = (url: string) =>
  /\/assets\/web-vitals-/.test(url) || new URL(url).pathname.startsWith(TELEMETRY_PATH);

export interface Interaction {
  keystrokes: number;
  /** Per keystroke: the longest Event Timing duration of its key/input events; 0 when all were under 16 ms. */
  latencies: number[];
  median: number;
  max: number;
  over16: number;
}

/** One request, in ms of page time: when it was sent, and when its response had arrived (null: never). */
export interface Span {
  start: number;
  end: number | null;
}

export interface Sample {
  criticalJsBytes: number;
  liveJsBytes: number;
  criticalJsFiles: Array<{ url: string; bytes: number }>;
  deferredBeforeHeading: string[];
  totalJsBytes: number;
  jsFiles: number;
  cssBytes: number;
  requests: number;
  fcp: number | null;
  lcp: number | null;
  cls: number;
  lcpElement: string | null;
  lcpUrl: string | null;
  headingAt: number;
  liveAt: number;
  headingText: string | null;
  firebaseRequested: boolean;
  firebaseBeforeFcp: boolean;
  remotesLoaded: RemoteName[];
  /**
   * Firebase's calls to the Auth Emulator on start-up: the token refresh (an expired access token) and the account
   * lookup it reloads the persisted user with, after which it tells the app who is signed in.
   */
  firebaseCalls: { refresh: Span | null; lookup: Span | null };
  settled: boolean;
  /** The page's first response came drawn by the render service (it holds the page's data block). */
  serverDrawn: boolean;
  /** nginx's micro-cache on the page's first response (X-Page-Cache: MISS, HIT, STALE, BYPASS...), if any. */
  pageCache: string | null;
  /** Telemetry requests the page made during the measured load (blocked ones too). */
  telemetryRequests: number;
  requestsLog?: RecordedRequest[];
  bodies?: BodyFacts[];
  duplicates?: Duplicate[];
  interaction?: Interaction;
}

/** The remotes whose code the page loaded: every page reads every manifest, for the site's routes. */
function remotesLoaded(requests: RecordedRequest[]): RemoteName[] {
  const urls = stackUrls();
  return (Object.keys(REMOTES) as RemoteName[]).filter((name) =>
    requests.some((r) => r.url.startsWith(urls.remote(name)) && /\/remoteEntry\.js(\?|$)/.test(r.url)),
  );
}

/** The first POST to a Firebase Auth endpoint (not its CORS preflight), in page time. */
function firebaseCall(requests: RecordedRequest[], probe: ProbeState, endpoint: string): Span | null {
  const request = requests.find((r) => r.method === 'POST' && r.url.includes(endpoint));
  if (!request) return null;
  const start = request.sentAtWallMs - probe.timeOrigin;
  const end =
    request.finishedAt === null || request.failed
      ? null
      : start + (request.finishedAt - request.sentAt) * 1000;
  return { start, end };
}

export const SEARCH_LABEL = 'Search artifacts';
export const SEARCH_WORD = 'hammurabi';

/**
 * Types `SEARCH_WORD` into the search box one key at a time (Playwright's keyboard, 100 ms between keys) and
 * reads the Event Timing entries the probe collected: per keystroke, the longest duration among its keydown,
 * keypress, beforeinput, input and keyup (from the key's timestamp to the next paint after its handlers ran).
 */
export async function typeIntoSearch(page: Page): Promise<Interaction> {
  const box = page.getByLabel(SEARCH_LABEL);
  await box.click();
  const before = (await readProbe(page)).keydowns.length;
  await page.keyboard.type(SEARCH_WORD, { delay: 100 });
  // The last key's paint, and the debounced search that follows, before the entries are read.
  await page.waitForTimeout(1500);
  const probe = await readProbe(page);
  const keydowns = probe.keydowns.slice(before);
  const latencies = keydowns.map((start, i) => {
    const end = keydowns[i + 1] ?? Number.POSITIVE_INFINITY;
    const durations = probe.events
      .filter((e) => e.startTime >= start && e.startTime < end)
      .map((e) => e.duration);
    return durations.length ? Math.max(...durations) : 0;
  });
  return {
    keystrokes: keydowns.length,
    latencies,
    median: median(latencies) ?? 0,
    max: latencies.length ? Math.max(...latencies) : 0,
    over16: latencies.filter((l) => l > 0).length,
  };
}

export function median(values: number[]): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** HTML text as React writes it. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );

/**
 * What the first response of the load says of the page: whether the render service drew it (its data block), and,
 * for a target with `drawnTexts`, that the drawn part (before the data block) shows one of them.
 */
export async function checkDocument(
  recorder: Pick<NetworkRecorder, 'body'>,
  requests: RecordedRequest[],
  target: Pick<Target, 'url' | 'drawnTexts'>,
): Promise<{ serverDrawn: boolean; pageCache: string | null }> {
  // The page's own (after any redirect): a not-found page's is a 404.
  const document = requests.find((r) => r.resourceType === 'Document');
  if (!document) throw new Error(`${target.url}: no document was loaded`);
  const html = (await recorder.body(document))?.toString('utf8') ?? '';
  const dataBlock = html.indexOf(`id="${RENDERED_STATE_ID}"`);
  const drawn = dataBlock < 0 ? '' : html.slice(0, dataBlock);
  if (target.drawnTexts && !target.drawnTexts.some((text) => drawn.includes(escapeHtml(text))))
    throw new Error(
      `${target.url}: the server's HTML does not show the page's data (${dataBlock < 0 ? 'no data block: client-rendered' : `none of ${target.drawnTexts.slice(0, 3).join(', ')}`})`,
    );
  return { serverDrawn: dataBlock >= 0, pageCache: document.pageCache };
}

export async function measureOnce(
  browser: Browser,
  target: Target,
  condition: Condition,
  {
    storage,
    collectBodies = false,
    typeSearch = false,
  }: { storage?: StorageState; collectBodies?: boolean; typeSearch?: boolean },
): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: target.needsMember ? storage : undefined,
  });
  try {
    const page = await context.newPage();
    const throttled = condition.name === 'throttled';
    const load = await loadRoute(context, page, target.url, {
      beforeNavigation: async (session) => {
        // Blocked in the browser's network stack, without intercepting the page's other requests (page.route would
        // pause every request for a round trip to Playwright, a cost the loads with telemetry would not have).
        if (target.telemetryOff) await session.send('Network.setBlockedURLs', { urls: TELEMETRY_URLS });
        await applyCondition(session, condition);
      },
      headingTimeoutMs: throttled ? 120_000 : 45_000,
      idleTimeoutMs: throttled ? 60_000 : 30_000,
      app: target.route !== 'floor',
    });
    const finalPath = new URL(load.finalUrl).pathname;
    if (finalPath !== target.expectPath) throw new Error(`${target.url} ended on ${finalPath}`);
    const requests = [...load.recorder.requests.values()];
    const { probe } = load;
    const critical = criticalPathJs(requests, probe, { needsMember: target.needsMember });
    const live = criticalPathJs(requests, probe, { needsMember: target.needsMember, until: 'live' });
    const js = requests.filter((r) => isJs(r) && !r.failed);
    const firebase = requests.filter((r) => DEFERRED_AFTER_PAINT.some((p) => p.test(r.url)));
    const sample: Sample = {
      criticalJsBytes: critical.bytes,
      liveJsBytes: live.bytes,
      criticalJsFiles: critical.files,
      deferredBeforeHeading: critical.deferredBeforeHeading,
      totalJsBytes: js.reduce((sum, r) => sum + (r.transferBytes ?? 0), 0),
      jsFiles: js.length,
      cssBytes: requests
        .filter((r) => isCss(r) && !r.failed)
        .reduce((sum, r) => sum + (r.transferBytes ?? 0), 0),
      requests: requests.length,
      fcp: probe.fcp,
      lcp: probe.lcp,
      cls: probe.cls,
      lcpElement: probe.lcpElement,
      lcpUrl: probe.lcpUrl,
      headingAt: probe.headingAt!,
      liveAt: probe.liveAt!,
      headingText: probe.headingText,
      firebaseRequested: firebase.length > 0,
      firebaseBeforeFcp: firebase.some((r) => probe.fcp === null || sentInPageTime(r, probe) < probe.fcp),
      remotesLoaded: remotesLoaded(requests),
      firebaseCalls: {
        refresh: firebaseCall(requests, probe, '/securetoken.googleapis.com/v1/token'),
        lookup: firebaseCall(requests, probe, '/identitytoolkit.googleapis.com/v1/accounts:lookup'),
      },
      settled: load.settled,
      ...(target.route === 'floor'
        ? { serverDrawn: false, pageCache: null }
        : await checkDocument(load.recorder, requests, target)),
      telemetryRequests: requests.filter((r) => isTelemetry(r.url)).length,
    };
    if (collectBodies) {
      sample.requestsLog = requests;
      const bodies: BodyFacts[] = [];
      for (const request of js) {
        const body = await load.recorder.body(request);
        if (body) bodies.push(bodyFacts(request.url, body, request.transferBytes ?? 0));
      }
      sample.bodies = bodies;
      sample.duplicates = duplicates(bodies);
    }
    if (typeSearch) sample.interaction = await typeIntoSearch(page);
    return sample;
  } finally {
    await context.close();
  }
}

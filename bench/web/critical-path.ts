/**
 * How one cold page load is observed, and what counts as a route's critical-path JavaScript. The web benchmark
 * (`bench/web/run.ts`) and the budget journey (`e2e/tests/qa/js-budget.spec.ts`) both load routes through
 * `loadRoute` and classify with `criticalPathJs`, so the figure the bench prints and the one the budget checks
 * are the same figure.
 *
 * Definition. A route's *main heading* is the first `h1` inside the layout's `<main id="main">` (every page of
 * the site has one: the home page's is the visually hidden "Heritage Vault" rendered with the first hero slide).
 * Its *critical-path JavaScript* is every JavaScript response (resource type Script, or a JavaScript MIME type)
 * whose request was sent before that heading was first inserted into the document, minus the chunks the shell
 * defers until after first paint on purpose (`DEFERRED_AFTER_PAINT`: Firebase, started from an idle callback) on
 * routes that do not need a signed-in member. On a protected route Firebase is on the critical path: the page
 * cannot render until the sign-in state is known. Bytes are `Network.loadingFinished.encodedDataLength`: what came
 * over the wire, compressed as served, response headers included (DevTools' "Transferred" column).
 *
 * The page is *live* when the app has committed (hydrated the server's page, or rendered it in the browser: the shell
 * then marks the document `data-live`, as the journeys wait for) and its heading is in the document (`liveAt`);
 * *live-page JavaScript* is the same classification cut there. A page the server rendered has its heading in the
 * HTML, before its code has hydrated it: there the two cuts differ.
 *
 * Why "requested before the heading was inserted": everything a render needs is requested during that render
 * (static imports, `React.lazy` chunks, remote entries and exposed modules), so it is requested before React
 * commits the heading; what effects, idle callbacks and later renders ask for is requested after. The boundary
 * is a DOM event, not a timeout, so for a given build the set of files is the same on every cold load.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/** Chunks the shell starts only after first paint (from requestIdleCallback): not critical on public routes. */
export const DEFERRED_AFTER_PAINT: readonly RegExp[] = [/firebase/i];

/** The page's main heading, as the probe looks for it. */
export const MAIN_HEADING_SELECTOR = '#main h1';

/** What the shell marks once the app has committed (shell/src/main.tsx): the page answers a click. */
export const LIVE_MARKER_SELECTOR = 'html[data-live]';

/** Headings that mean the route did not render its own page (shell/src/pages/error-page.tsx, remote-unavailable). */
export const FAILURE_HEADINGS = ['Oops! Something went wrong', 'This section is unavailable'];

/** What the probe installed before any page script records, read back with `readProbe`. */
export interface ProbeState {
  timeOrigin: number;
  fcp: number | null;
  lcp: number | null;
  lcpElement: string | null;
  lcpUrl: string | null;
  lcpSize: number | null;
  /** Cumulative Layout Shift: the layout-shift entries without recent input, summed until the probe is read. */
  cls: number;
  /** When the main heading was first inserted: by the HTML parser on a page the server drew, else by the app. */
  headingAt: number | null;
  /** When the app had committed (the document marked live) with the main heading in the document. */
  liveAt: number | null;
  /** The live page's main heading. */
  headingText: string | null;
  /** Event Timing entries (duration >= 16 ms) of key and input events. */
  events: Array<{
    name: string;
    startTime: number;
    duration: number;
    processingStart: number;
    processingEnd: number;
  }>;
  /** `timeStamp` of every keydown, in page time, to tell keystrokes apart. */
  keydowns: number[];
  /** Resource Timing start of each URL (first fetch), in page time. */
  resourceStarts: Record<string, number>;
}

declare global {
  interface Window {
    __heritageProbe?: ProbeState;
  }
}

/**
 * The probe, installed with `page.addInitScript` so it runs before the app: paint and LCP observers (buffered),
 * a MutationObserver that stamps the moment the main heading is inserted, and an Event Timing observer for the
 * search-box interaction. Self-contained: Playwright serializes it into the page.
 */
function installProbe(args: { selector: string; liveSelector: string | null }): void {
  const probe: ProbeState = {
    timeOrigin: performance.timeOrigin,
    fcp: null,
    lcp: null,
    lcpElement: null,
    lcpUrl: null,
    lcpSize: null,
    cls: 0,
    headingAt: null,
    liveAt: null,
    headingText: null,
    events: [],
    keydowns: [],
    resourceStarts: {},
  };
  window.__heritageProbe = probe;
  performance.setResourceTimingBufferSize(2000);
  const observe = (type: string, callback: (entries: PerformanceEntryList) => void, extra: object = {}) => {
    try {
      new PerformanceObserver((list) => callback(list.getEntries())).observe({
        type,
        buffered: true,
        ...extra,
      });
    } catch {
      // an entry type this browser does not support: the figure stays null
    }
  };
  observe('paint', (entries) => {
    for (const entry of entries) if (entry.name === 'first-contentful-paint') probe.fcp = entry.startTime;
  });
  observe('largest-contentful-paint', (entries) => {
    const last = entries[entries.length - 1] as
      | (PerformanceEntry & {
          renderTime: number;
          loadTime: number;
          size: number;
          url: string;
          element: Element | null;
        })
      | undefined;
    if (!last) return;
    probe.lcp = last.renderTime || last.loadTime || last.startTime;
    probe.lcpSize = last.size;
    probe.lcpUrl = last.url || null;
    probe.lcpElement = last.element ? last.element.tagName.toLowerCase() : null;
  });
  observe('layout-shift', (entries) => {
    for (const entry of entries as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
      if (!entry.hadRecentInput) probe.cls += entry.value;
  });
  observe(
    'event',
    (entries) => {
      for (const entry of entries as Array<
        PerformanceEntry & { processingStart: number; processingEnd: number }
      >) {
        if (!/^(key|input|beforeinput)/.test(entry.name)) continue;
        probe.events.push({
          name: entry.name,
          startTime: entry.startTime,
          duration: entry.duration,
          processingStart: entry.processingStart,
          processingEnd: entry.processingEnd,
        });
      }
    },
    { durationThreshold: 16 },
  );
  observe('resource', (entries) => {
    for (const entry of entries)
      if (!(entry.name in probe.resourceStarts)) probe.resourceStarts[entry.name] = entry.startTime;
  });
  window.addEventListener('keydown', (event) => probe.keydowns.push(event.timeStamp), { capture: true });
  const check = () => {
    const heading = document.querySelector(args.selector);
    if (!heading || !heading.textContent?.trim()) return false;
    const now = performance.now();
    probe.headingAt ??= now;
    probe.headingText = heading.textContent.trim();
    // A page without the app (the floor) is live with its heading.
    if (args.liveSelector && !document.querySelector(args.liveSelector)) return false;
    probe.liveAt ??= now;
    return true;
  };
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-live'],
  });
  // A heading the parser inserted before the observer existed (a static page) is found on these instead.
  if (!check()) document.addEventListener('DOMContentLoaded', () => check() && observer.disconnect());
}

export async function readProbe(page: Page): Promise<ProbeState> {
  return page.evaluate(() => {
    const probe = window.__heritageProbe!;
    // Resource entries the observer has not delivered yet are in the timeline already.
    for (const entry of performance.getEntriesByType('resource')) {
      if (!(entry.name in probe.resourceStarts)) probe.resourceStarts[entry.name] = entry.startTime;
    }
    return JSON.parse(JSON.stringify(probe)) as ProbeState;
  });
}

/** One network request of the page, as the DevTools protocol reported it. */
export interface RecordedRequest {
  url: string;
  method: string;
  resourceType: string;
  status: number | null;
  mimeType: string | null;
  contentEncoding: string | null;
  cacheControl: string | null;
  /** nginx's page micro-cache status (X-Page-Cache), on a page the render service drew. */
  pageCache: string | null;
  /** The Content-Length header: the body's size as sent, when the server gave it. */
  contentLength: number | null;
  /** Bytes over the wire, headers included (`encodedDataLength`); null until the load finished. */
  transferBytes: number | null;
  fromCache: boolean;
  failed: boolean;
  /** Wall-clock time the request was sent, epoch ms. */
  sentAtWallMs: number;
  /** Monotonic time the request was sent, s (DevTools timestamps). */
  sentAt: number;
  finishedAt: number | null;
  requestId: string;
}

/** Records every http(s) request of one page through its own DevTools session. */
export class NetworkRecorder {
  readonly requests = new Map<string, RecordedRequest>();
  private inFlight = new Set<string>();
  private lastActivity = Date.now();

  private constructor(readonly session: CDPSession) {}

  static async attach(context: BrowserContext, page: Page): Promise<NetworkRecorder> {
    const session = await context.newCDPSession(page);
    const recorder = new NetworkRecorder(session);
    session.on('Network.requestWillBeSent', (event) => {
      if (!/^https?:/.test(event.request.url)) return;
      // A redirect reuses the request id: the new hop replaces the old one.
      recorder.requests.set(event.requestId, {
        url: event.request.url,
        method: event.request.method,
        resourceType: event.type ?? 'Other',
        status: null,
        mimeType: null,
        contentEncoding: null,
        cacheControl: null,
        pageCache: null,
        contentLength: null,
        transferBytes: null,
        fromCache: false,
        failed: false,
        sentAtWallMs: event.wallTime * 1000,
        sentAt: event.timestamp,
        finishedAt: null,
        requestId: event.requestId,
      });
      recorder.inFlight.add(event.requestId);
      recorder.lastActivity = Date.now();
    });
    session.on('Network.responseReceived', (event) => {
      const request = recorder.requests.get(event.requestId);
      if (!request) return;
      const header = (name: string) => {
        const key = Object.keys(event.response.headers).find((k) => k.toLowerCase() === name);
        return key ? String(event.response.headers[key]) : null;
      };
      request.status = event.response.status;
      request.mimeType = event.response.mimeType;
      request.contentEncoding = header('content-encoding');
      request.cacheControl = header('cache-control');
      request.pageCache = header('x-page-cache');
      const length = header('content-length');
      request.contentLength = length === null ? null : Number(length);
      request.fromCache = Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache);
    });
    const done = (requestId: string) => {
      recorder.inFlight.delete(requestId);
      recorder.lastActivity = Date.now();
    };
    session.on('Network.loadingFinished', (event) => {
      const request = recorder.requests.get(event.requestId);
      if (request) {
        request.transferBytes = event.encodedDataLength;
        request.finishedAt = event.timestamp;
      }
      done(event.requestId);
    });
    session.on('Network.loadingFailed', (event) => {
      const request = recorder.requests.get(event.requestId);
      if (request) request.failed = true;
      done(event.requestId);
    });
    await session.send('Network.enable');
    return recorder;
  }

  /** Resolves once nothing has been in flight for `quietMs`, or after `timeoutMs` whatever happens. */
  async idle(quietMs = 500, timeoutMs = 30_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.inFlight.size === 0 && Date.now() - this.lastActivity >= quietMs) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }

  /** The body of a finished response (for content hashes and library fingerprints). */
  async body(request: RecordedRequest): Promise<Buffer | null> {
    try {
      const { body, base64Encoded } = await this.session.send('Network.getResponseBody', {
        requestId: request.requestId,
      });
      return Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
    } catch {
      return null;
    }
  }
}

export const isJs = (r: RecordedRequest) =>
  r.resourceType === 'Script' || /javascript|ecmascript/.test(r.mimeType ?? '');
export const isCss = (r: RecordedRequest) =>
  r.resourceType === 'Stylesheet' || /text\/css/.test(r.mimeType ?? '');

/** When the request was sent, in the page's clock (ms since its time origin), for comparison with the heading. */
export function sentInPageTime(request: RecordedRequest, probe: ProbeState): number {
  return probe.resourceStarts[request.url] ?? request.sentAtWallMs - probe.timeOrigin;
}

export interface CriticalPath {
  /** Critical-path JavaScript files, biggest first. */
  files: Array<{ url: string; bytes: number }>;
  bytes: number;
  /** Deferred chunks (`DEFERRED_AFTER_PAINT`) that were nevertheless requested before the heading appeared. */
  deferredBeforeHeading: string[];
}

/**
 * The route's critical-path JavaScript, by the definition at the top of this file; `until: 'live'` cuts at the
 * live page instead of the first heading (live-page JavaScript).
 */
export function criticalPathJs(
  requests: Iterable<RecordedRequest>,
  probe: ProbeState,
  { needsMember, until = 'first heading' }: { needsMember: boolean; until?: 'first heading' | 'live' },
): CriticalPath {
  const cut = until === 'live' ? probe.liveAt : probe.headingAt;
  if (cut === null) throw new Error(`the ${until === 'live' ? 'live page' : 'main heading'} never appeared`);
  const files: CriticalPath['files'] = [];
  const deferredBeforeHeading: string[] = [];
  for (const request of requests) {
    if (!isJs(request) || request.failed || sentInPageTime(request, probe) > cut) continue;
    if (!needsMember && DEFERRED_AFTER_PAINT.some((pattern) => pattern.test(request.url))) {
      deferredBeforeHeading.push(request.url);
      continue;
    }
    files.push({ url: request.url, bytes: request.transferBytes ?? 0 });
  }
  files.sort((a, b) => b.bytes - a.bytes);
  return { files, bytes: files.reduce((sum, f) => sum + f.bytes, 0), deferredBeforeHeading };
}

export interface RouteLoad {
  recorder: NetworkRecorder;
  probe: ProbeState;
  /** Whether the network went quiet before the time limit. */
  settled: boolean;
  finalUrl: string;
}

/**
 * One cold load of `url` in `page` (a page of a fresh context): installs the probe and the network recorder,
 * runs `beforeNavigation` (throttling), navigates, waits for the live page's heading, then for the network to be quiet,
 * and reads the probe. Throws when the heading never shows or is one of the failure headings.
 */
export async function loadRoute(
  context: BrowserContext,
  page: Page,
  url: string,
  {
    beforeNavigation,
    headingTimeoutMs = 30_000,
    idleTimeoutMs = 30_000,
    app = true,
  }: {
    beforeNavigation?: (session: CDPSession) => Promise<void>;
    headingTimeoutMs?: number;
    idleTimeoutMs?: number;
    /** A page of the site, live once the shell marks it; false: a static page (the floor), live with its heading. */
    app?: boolean;
  } = {},
): Promise<RouteLoad> {
  const probeArgs = { selector: MAIN_HEADING_SELECTOR, liveSelector: app ? LIVE_MARKER_SELECTOR : null };
  // As source text, with a stand-in for the `__name` helper tsx's transform inserts into named functions.
  await page.addInitScript({
    content: `(() => { const __name = (f) => f; (${installProbe.toString()})(${JSON.stringify(probeArgs)}); })();`,
  });
  const recorder = await NetworkRecorder.attach(context, page);
  if (beforeNavigation) await beforeNavigation(recorder.session);
  await page.goto(url, { waitUntil: 'commit', timeout: headingTimeoutMs });
  await waitUntilLive(recorder.session, url, headingTimeoutMs);
  const settled = await recorder.idle(500, idleTimeoutMs);
  // LCP candidates keep coming until input or the page is hidden; none is given, so a short settle is enough.
  await page.waitForTimeout(300);
  const probe = await readProbe(page);
  if (probe.headingText && FAILURE_HEADINGS.includes(probe.headingText)) {
    throw new Error(`${url} rendered "${probe.headingText}" instead of its page`);
  }
  return { recorder, probe, settled, finalUrl: page.url() };
}

/**
 * Polls the probe over the DevTools protocol every 100 ms until the page is live. Not with `page.waitForFunction`:
 * that first injects Playwright's own script into the page, 40-60 ms of its main thread on this machine (four times
 * that at 4x CPU), right in the load being measured, where it held up the page's own requests and first paint.
 */
async function waitUntilLive(session: CDPSession, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const live = await session
      .send('Runtime.evaluate', { expression: 'window.__heritageProbe?.liveAt != null', returnByValue: true })
      // Between the commit and the new document's first script there may be no context to evaluate in.
      .then(
        ({ result }) => result.value === true,
        () => false,
      );
    if (live) return;
    if (Date.now() > deadline) throw new Error(`${url}: the page was not live within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** "12.3 KB" (1 KB = 1000 bytes, as DevTools counts). */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * The last path segment of a URL, readable: the federation plugin's virtual chunk names are decoded
 * (`_virtual_mf___mfe_internal__shell__mf_owner__1498__loadShare__react_mf_2_dom__loadShare__.js-D3c7.js` is
 * `mf loadShare react-dom-D3c7.js`), and anything still long is shortened in the middle.
 */
export function fileName(url: string, max = 70): string {
  const name = new URL(url).pathname.split('/').pop() || url;
  const decode = (s: string) =>
    s
      .replace(/_mf_2_/g, '-')
      .replace(/_mf_1_/g, '/')
      .replace(/_mf_0_/g, '.');
  const virtual =
    /^_virtual_mf___mfe_internal__\w+?__mf_owner__\d+__(loadShare|prebuild)__(.+?)(?:__(?:loadShare|prebuild)__)?(?:\.js)?-([\w-]{8})\.js$/.exec(
      name,
    );
  const shortName = virtual
    ? `mf ${virtual[1]} ${decode(virtual[2]!)}-${virtual[3]}.js`
    : name.replace(/^_virtual_mf-(\w+?)___mfe_internal__.*-([\w-]{8})\.js$/, 'mf $1-$2.js');
  return shortName.length > max ? `${shortName.slice(0, max - 20)}...${shortName.slice(-17)}` : shortName;
}

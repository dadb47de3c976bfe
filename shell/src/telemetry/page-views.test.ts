import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let notes: typeof import('./page-notes');
let views: typeof import('./page-views');
let beacon: ReturnType<typeof vi.fn>;

/** A router as followPageViews sees one: a location, and its listeners. */
function fakeRouter(pathname: string) {
  const listeners: Array<(state: { location: { key: string; pathname: string } }) => void> = [];
  let key = 0;
  const router = {
    state: { location: { key: 'first', pathname } },
    subscribe(listener: (typeof listeners)[number]) {
      listeners.push(listener);
      return () => {};
    },
    navigate(to: string) {
      router.state = { location: { key: `k${++key}`, pathname: to } };
      for (const listener of listeners) listener(router.state);
    },
  };
  return router;
}
const REMOTE_OF: Record<string, string | null> = {
  '/': 'mf_catalogue',
  '/profile': 'mf_account',
  '/login': null,
};
const hide = () => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};
const sent = () => beacon.mock.calls.map(([url, body]) => [url, JSON.parse(body as string)] as const);

/** A document's page: its notes module fresh, its releases noted as remotes.json gave them. */
async function loadPage() {
  vi.resetModules();
  notes = await import('./page-notes');
  views = await import('./page-views');
  for (const remote of ['mf_catalogue', 'mf_account'])
    notes.noteRelease(
      remote,
      notes.releaseOfManifestUrl(`http://localhost:5174/releases/1.2.0+3.abc/mf-manifest.json`),
    );
}
/** The page's telemetry, loaded 3 s after the page's load event, when the browser is idle (main.tsx). */
const loadTelemetry = () => views.startPageViewTelemetry('http://api.test/');

beforeEach(async () => {
  beacon = vi.fn(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
  // The earlier tests' pages still listen on this document: they send what they kept, before this test begins.
  hide();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  beacon.mockClear();
  sessionStorage.clear();
  await loadPage();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('release health in the browser', () => {
  it("sends each page view once with its module's release and errors, the document's vitals on the first, when the page is hidden", () => {
    const router = fakeRouter('/');
    notes.followPageViews(router, (path) => REMOTE_OF[path] ?? null);
    loadTelemetry();
    views.recordVital('lcp', 1234.5);
    views.recordVital('ttfb', 80);
    router.navigate('/login');
    notes.reportPageError('remote-load');
    router.navigate('/profile');
    notes.reportPageError('error-boundary');
    window.dispatchEvent(new Event('unhandledrejection'));
    expect(beacon).not.toHaveBeenCalled();

    hide();
    expect(sent()).toEqual([
      [
        'http://api.test/api/telemetry',
        {
          views: [
            {
              modules: [{ remote: 'mf_catalogue', release: '1.2.0+3.abc' }],
              lcp: 1234.5,
              ttfb: 80,
              errors: [],
            },
            // The shell's own Login page is no module's: not sent.
            {
              modules: [{ remote: 'mf_account', release: '1.2.0+3.abc' }],
              errors: ['error-boundary', 'unhandled-rejection'],
            },
          ],
        },
      ],
    ]);
    // Hidden again, or left, with nothing new: nothing is sent twice.
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    // A page left without being hidden first sends what it has.
    router.navigate('/');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(2);
  });

  it("names a remote's own build (no release in its address) 'build', and sends in batches of ten", () => {
    expect(notes.releaseOfManifestUrl('http://localhost:5176/mf-manifest.json')).toBe('build');
    const router = fakeRouter('/');
    notes.followPageViews(router, (path) => REMOTE_OF[path] ?? null);
    loadTelemetry();
    for (let view = 0; view < 11; view++) router.navigate(view % 2 ? '/' : '/profile');
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(sent()[0]![1].views).toHaveLength(10);
  });

  it('never disturbs the page: a beacon that throws or a browser without sendBeacon is ignored', () => {
    beacon.mockImplementation(() => {
      throw new TypeError('refused');
    });
    const router = fakeRouter('/');
    notes.followPageViews(router, (path) => REMOTE_OF[path] ?? null);
    loadTelemetry();
    expect(() => hide()).not.toThrow();
    vi.stubGlobal('navigator', {});
    router.navigate('/profile');
    expect(() => hide()).not.toThrow();
  });

  it("keeps what the page noted before its telemetry loaded: the views, their errors, the document's vitals", () => {
    const router = fakeRouter('/');
    notes.followPageViews(router, (path) => REMOTE_OF[path] ?? null);
    router.navigate('/profile');
    notes.reportPageError('remote-load');
    expect(beacon).not.toHaveBeenCalled();

    loadTelemetry();
    views.recordVital('ttfb', 80);
    hide();
    expect(sent()[0]![1].views).toEqual([
      { modules: [{ remote: 'mf_catalogue', release: '1.2.0+3.abc' }], ttfb: 80, errors: [] },
      { modules: [{ remote: 'mf_account', release: '1.2.0+3.abc' }], errors: ['remote-load'] },
    ]);
  });

  it("gives the document's first view the LCP and CLS web-vitals reports once the visitor has moved on", () => {
    const router = fakeRouter('/');
    notes.followPageViews(router, (path) => REMOTE_OF[path] ?? null);
    loadTelemetry();
    views.recordVital('ttfb', 80);
    // A click on a link: the next view starts, and web-vitals reports LCP when the browser is next idle.
    router.navigate('/profile');
    views.recordVital('lcp', 1500);
    // CLS, as the page is hidden (web-vitals' listener runs before the beacon's).
    views.recordVital('cls', 0.02);
    hide();
    expect(sent()[0]![1].views).toEqual([
      {
        modules: [{ remote: 'mf_catalogue', release: '1.2.0+3.abc' }],
        ttfb: 80,
        lcp: 1500,
        cls: 0.02,
        errors: [],
      },
      { modules: [{ remote: 'mf_account', release: '1.2.0+3.abc' }], errors: [] },
    ]);
    // Sent: a later report joins nothing.
    views.recordVital('inp', 40);
    hide();
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it("sends the views of a page left before its telemetry loaded with the tab's next page, at once", async () => {
    const left = fakeRouter('/');
    notes.followPageViews(left, (path) => REMOTE_OF[path] ?? null);
    notes.reportPageError('error-boundary');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();

    await loadPage();
    notes.followPageViews(fakeRouter('/profile'), (path) => REMOTE_OF[path] ?? null);
    loadTelemetry();
    expect(sent()).toEqual([
      [
        'http://api.test/api/telemetry',
        {
          views: [
            { modules: [{ remote: 'mf_catalogue', release: '1.2.0+3.abc' }], errors: ['error-boundary'] },
          ],
        },
      ],
    ]);
    // This page's own view, with this document's vitals, when it is hidden; the carried ones not again.
    views.recordVital('ttfb', 90);
    hide();
    expect(sent()[1]![1].views).toEqual([
      { modules: [{ remote: 'mf_account', release: '1.2.0+3.abc' }], ttfb: 90, errors: [] },
    ]);
  });
});

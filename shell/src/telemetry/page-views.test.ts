import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type PageViewsModule = typeof import('./page-views');
let telemetry: PageViewsModule;
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

beforeEach(async () => {
  vi.resetModules();
  telemetry = await import('./page-views');
  beacon = vi.fn(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
  telemetry.startPageViewTelemetry('http://api.test/');
  for (const remote of ['mf_catalogue', 'mf_account'])
    telemetry.noteRelease(
      remote,
      telemetry.releaseOfManifestUrl(`http://localhost:5174/releases/1.2.0+3.abc/mf-manifest.json`),
    );
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('release health in the browser', () => {
  it("sends each page view once with its module's release and errors, the document's vitals on the first, when the page is hidden", () => {
    const router = fakeRouter('/');
    telemetry.followPageViews(router, (path) => REMOTE_OF[path] ?? null);
    telemetry.recordVital('lcp', 1234.5);
    telemetry.recordVital('ttfb', 80);
    router.navigate('/login');
    telemetry.reportPageError('remote-load');
    router.navigate('/profile');
    telemetry.reportPageError('error-boundary');
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
    expect(telemetry.releaseOfManifestUrl('http://localhost:5176/mf-manifest.json')).toBe('build');
    const router = fakeRouter('/');
    telemetry.followPageViews(router, (path) => REMOTE_OF[path] ?? null);
    for (let view = 0; view < 11; view++) router.navigate(view % 2 ? '/' : '/profile');
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(sent()[0]![1].views).toHaveLength(10);
  });

  it('never disturbs the page: a beacon that throws or a browser without sendBeacon is ignored', () => {
    beacon.mockImplementation(() => {
      throw new TypeError('refused');
    });
    const router = fakeRouter('/');
    telemetry.followPageViews(router, (path) => REMOTE_OF[path] ?? null);
    expect(() => hide()).not.toThrow();
    vi.stubGlobal('navigator', {});
    router.navigate('/profile');
    expect(() => hide()).not.toThrow();
  });
});

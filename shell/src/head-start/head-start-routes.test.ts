import { describe, expect, it, vi } from 'vitest';
import { routeOf } from '../routes/router';
import { SITE_ROUTES } from '../routes/test/published-pages';
import { serve, shellCodeStarted, start } from './test/harness';

describe('the head start picks the page React Router renders', () => {
  const MANIFESTS: Record<string, string> = {
    mf_catalogue: 'http://remotes.test/catalogue/mf-manifest.json',
    mf_artifact_editor: 'http://remotes.test/editor/mf-manifest.json',
    mf_account: 'http://remotes.test/account/mf-manifest.json',
  };
  // Each remote's manifest names a request for every page, so the request the script sends says which page it chose.
  const probeManifest = (remote: string) => ({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [],
    requestPreloads: Object.fromEntries(
      exposedPages(remote).map((page) => [page, { path: `/${remote}/${page}`, query: [] }]),
    ),
  });
  const exposedPages = (remote: string) =>
    SITE_ROUTES.flatMap(({ source }) =>
      'remote' in source && source.remote === remote ? [source.page] : [],
    );

  /** The page the inline script started loading at `path`: 'remote/Page', or null for none. */
  async function headStartPage(path: string): Promise<string | null> {
    const fetchMock = serve({
      '/remotes.json': MANIFESTS,
      ...Object.fromEntries(Object.entries(MANIFESTS).map(([remote, url]) => [url, probeManifest(remote)])),
    });
    history.replaceState(null, '', path);
    // No guess of the build's: the request is the one the manifests name for the page the script found.
    start({}, {});
    // The shell's code starts at once on a route that is not prerendered, and on a path with no remote page.
    await vi.waitFor(() => expect(fetchMock.mock.calls.length === 1 || shellCodeStarted()).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const apiCall = fetchMock.mock.calls
      .map(([url]) => url)
      .find((url) => url.startsWith('http://api.test/'));
    document.head.innerHTML = '';
    return apiCall ? apiCall.slice('http://api.test/'.length).replace(/\?$/, '') : null;
  }

  const PATHS = [
    ...SITE_ROUTES.map(({ path }) => path.replace(':id', 'abc123')).filter((path) => path !== '*'),
    '/about/',
    '/about//',
    '/About',
    '/ALL-ARTIFACTS',
    '/Artifact-Details/AbC',
    '/%61bout',
    '/artifact-details/a%2Fb',
    '/artifact-details/%E2%82%AC',
    '/artifact-details/%E0%A4%A',
    '/artifact-details/abc/extra',
    '/update-artifact/',
    '/Login',
    '/no-such-page',
    '/about/more',
  ];

  it.each(PATHS)('%s', async (path) => {
    const route = routeOf(path, SITE_ROUTES);
    const expected = 'remote' in route.source ? `${route.source.remote}/${route.source.page}` : null;
    expect(await headStartPage(path)).toBe(expected);
  });
});

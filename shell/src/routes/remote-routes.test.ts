import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureRegistered, manifestText } from '../remotes/remote-registry';
import { loadRemoteRoutes } from './remote-routes';

vi.mock('../remotes/remote-registry', () => ({ ensureRegistered: vi.fn(), manifestText: vi.fn() }));
const registered = vi.mocked(ensureRegistered);
const manifest = vi.mocked(manifestText);

const CATALOGUE = 'http://remotes.test/catalogue/mf-manifest.json';
const ACCOUNT = 'http://remotes.test/account/mf-manifest.json';

afterEach(() => {
  vi.resetAllMocks();
  document.getElementById('site-settings')?.remove();
});

describe("the remotes' routes", () => {
  it('are the pages each manifest remotes.json names publishes; a remote whose manifest fails is unavailable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    registered.mockResolvedValue({ mf_catalogue: CATALOGUE, mf_account: ACCOUNT });
    manifest.mockImplementation(async (url) => {
      if (url === ACCOUNT) throw new Error(`${url} answered 503`);
      return JSON.stringify({
        pages: {
          About: { path: '/about', title: 'About', prerendered: true },
          ArtifactDetails: {
            path: '/artifact-details/:id',
            title: 'Artifact Details',
            loginToast: 'Please login',
          },
        },
      });
    });

    expect(await loadRemoteRoutes()).toEqual({
      routes: [
        { path: '/about', title: 'About', source: { remote: 'mf_catalogue', page: 'About' } },
        {
          path: '/artifact-details/:id',
          title: 'Artifact Details',
          source: { remote: 'mf_catalogue', page: 'ArtifactDetails' },
          loginToast: 'Please login',
        },
      ],
      unavailable: ['mf_account'],
    });
    expect(registered).toHaveBeenCalledWith(false);
  });

  it('read remotes.json and the manifests anew on a retry; without remotes.json every remote is unavailable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    registered.mockRejectedValue(new Error('remotes.json answered 502'));
    expect(await loadRemoteRoutes({ retry: true })).toEqual({
      routes: [],
      unavailable: ['mf_catalogue', 'mf_artifact_editor', 'mf_account'],
    });
    expect(registered).toHaveBeenCalledWith(true);
  });

  it('make a remote unavailable whose manifest publishes no pages: a release built before route modules', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    registered.mockResolvedValue({ mf_account: ACCOUNT });
    manifest.mockResolvedValue(JSON.stringify({ name: 'mf_account', exposes: [] }));

    expect(await loadRemoteRoutes()).toEqual({ routes: [], unavailable: ['mf_account'] });
    expect(errors.mock.calls[0]?.[0]).toBe("The mf_account module's pages could not be read");
    expect(String(errors.mock.calls[0]?.[1])).toContain(
      'its manifest publishes no pages: a release built before route modules (kit 1.7 or older)',
    );
  });

  it("are open to visitors where the site's settings in the page say so (PUBLIC_ARTIFACT_PAGES): no login toast", async () => {
    registered.mockResolvedValue({ mf_catalogue: CATALOGUE });
    manifest.mockResolvedValue(
      JSON.stringify({
        pages: {
          ArtifactDetails: {
            path: '/artifact-details/:id',
            title: 'Artifact Details',
            loginToast: 'Please login',
          },
          MyArtifacts: { path: '/my-artifacts', title: 'My Artifacts', loginToast: 'Please login to view' },
        },
      }),
    );
    const settings = Object.assign(document.createElement('script'), {
      id: 'site-settings',
      type: 'application/json',
      textContent: JSON.stringify({ publicPaths: ['/artifact-details/:id'] }),
    });
    document.head.append(settings);

    expect((await loadRemoteRoutes()).routes).toEqual([
      {
        path: '/artifact-details/:id',
        title: 'Artifact Details',
        source: { remote: 'mf_catalogue', page: 'ArtifactDetails' },
      },
      {
        path: '/my-artifacts',
        title: 'My Artifacts',
        source: { remote: 'mf_catalogue', page: 'MyArtifacts' },
        loginToast: 'Please login to view',
      },
    ]);
  });
});

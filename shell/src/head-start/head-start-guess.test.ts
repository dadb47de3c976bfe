import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathPattern } from 'first-paint/head-start/page-route';
import { emulatorToken } from 'shared-ui/test/tokens';
import { earlyResponses } from 'first-paint/hand-over/take';
import { PAGE_ROUTES } from '../routes/test/published-pages';
import {
  EXPECTED_PAGES,
  firebase,
  manifest,
  MANIFEST_URL,
  serve,
  SHELL_CODE,
  shellCodeStarted,
  start,
  STARTED,
} from './test/harness';

/** remotes.json, never answering: whatever starts, starts on the build's guess alone. */
const manifestsNeverIn = () => serve({ '/remotes.json': new Promise(() => undefined) });
const identityProviderPreloaded = () =>
  SHELL_CODE.identityProvider.every((href) => document.head.querySelector(`link[href="${href}"]`));
const fallbacks = () => window.__firstPaint?.fallbacks ?? {};

describe("index.html's inline head start: the build's guess of the page, before the manifests are in", () => {
  afterEach(() => localStorage.clear());

  it('makes the guess of the pages the remotes publish: prerendered, members only, or neither, and their requests', () => {
    const guess = (path: string) => EXPECTED_PAGES[pathPattern(path)];
    const { AllArtifacts, Home } = PAGE_ROUTES.mf_catalogue!;
    expect(guess('/')).toEqual({ prerendered: true, request: Home!.firstPaint!.earlyRequest });
    expect(guess('/my-artifacts')).toEqual({
      membersOnly: true,
      request: PAGE_ROUTES.mf_artifact_editor!.MyArtifacts!.firstPaint!.earlyRequest,
    });
    expect(guess('/all-artifacts')).toEqual({ request: AllArtifacts!.firstPaint!.earlyRequest });
    expect(guess('/about')).toEqual({ prerendered: true });
  });

  describe("the page's early request, on the guess", () => {
    const ALL_ARTIFACTS = 'http://api.test/artifacts?q=amphora&limit=24';
    const allArtifactsRequest = PAGE_ROUTES.mf_catalogue!.AllArtifacts!.firstPaint!.earlyRequest!;
    const apiCalls = (fetchMock: ReturnType<typeof serve>) =>
      fetchMock.mock.calls.filter(([url]) => url.startsWith('http://api.test/'));

    it('goes at once, beside remotes.json, and is handed over to the page once', async () => {
      const fetchMock = serve({
        '/remotes.json': new Promise(() => undefined),
        [ALL_ARTIFACTS]: [{ _id: 'early' }],
      });
      history.replaceState(null, '', '/all-artifacts?q=amphora');
      start();
      await vi.waitFor(() => expect(apiCalls(fetchMock).map(([url]) => url)).toEqual([ALL_ARTIFACTS]));
      expect(await (await earlyResponses.take(ALL_ARTIFACTS, undefined))?.json()).toEqual([{ _id: 'early' }]);
      expect(earlyResponses.take(ALL_ARTIFACTS, undefined)).toBeUndefined();
    });

    it("goes with a member's usable stored token on a member's page", async () => {
      const fetchMock = serve({ '/remotes.json': new Promise(() => undefined) });
      const token = emulatorToken(60);
      localStorage.setItem('token', token);
      history.replaceState(null, '', '/my-artifacts');
      start();
      await vi.waitFor(() => expect(apiCalls(fetchMock)).toHaveLength(1));
      expect(apiCalls(fetchMock)[0]![1]).toEqual({
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      });
    });

    it('is the one the page uses when its manifest names the same request: sent once', async () => {
      const fetchMock = serve({
        '/remotes.json': { mf_catalogue: MANIFEST_URL },
        [MANIFEST_URL]: { ...manifest, requestPreloads: { AllArtifacts: allArtifactsRequest } },
        [ALL_ARTIFACTS]: [],
      });
      history.replaceState(null, '', '/all-artifacts?q=amphora');
      start();
      await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
      expect(apiCalls(fetchMock)).toHaveLength(1);
      expect(fallbacks()['early request guess dropped']).toBeUndefined();
    });

    it("is dropped, and counted, when the manifest names another: the manifest's is sent", async () => {
      const fetchMock = serve({
        '/remotes.json': { mf_catalogue: MANIFEST_URL },
        [MANIFEST_URL]: {
          ...manifest,
          requestPreloads: { AllArtifacts: { ...allArtifactsRequest, path: '/artifacts/v2' } },
        },
      });
      history.replaceState(null, '', '/all-artifacts?q=amphora');
      start();
      await vi.waitFor(() =>
        expect(apiCalls(fetchMock).map(([url]) => url)).toEqual([
          ALL_ARTIFACTS,
          'http://api.test/artifacts/v2?q=amphora&limit=24',
        ]),
      );
      expect(fallbacks()['early request guess dropped']).toBe(1);
    });
  });

  it("imports Firebase's session at once for a returning member on a member's page, and the shell's code waits for it", async () => {
    manifestsNeverIn();
    // Expired, as a returning member's is.
    localStorage.setItem('token', emulatorToken(7200));
    let load!: () => void;
    firebase.loaded = new Promise((resolve) => (load = resolve));
    history.replaceState(null, '', '/my-artifacts');
    start();
    expect(identityProviderPreloaded()).toBeTruthy();
    expect(shellCodeStarted(), 'while Firebase loads').toBe(false);
    load();
    await vi.waitFor(() => expect(firebase.asked).toBe(1));
    await vi.waitFor(() => expect(shellCodeStarted(), 'once Firebase has loaded').toEqual(STARTED));
  });

  it("starts the shell's chunks at once on a page not prerendered, its entry waiting for the picture", async () => {
    for (const [path, token] of [
      ['/all-artifacts', null],
      ['/artifact-details/abc123', emulatorToken(60)],
      ['/my-artifacts', emulatorToken(60)],
    ] as const) {
      manifestsNeverIn();
      // A member just signed in: the stored token is usable, Firebase is not needed first.
      if (token) localStorage.setItem('token', token);
      history.replaceState(null, '', path);
      start();
      expect(shellCodeStarted(), path).toBe('chunks only');
      expect(identityProviderPreloaded(), path).toBeFalsy();
      document.head.innerHTML = '';
    }
  });

  it("starts neither on a prerendered page, even for a returning member: the picture's images come first", async () => {
    manifestsNeverIn();
    localStorage.setItem('token', emulatorToken(7200));
    history.replaceState(null, '', '/');
    start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shellCodeStarted()).toBe(false);
    expect(identityProviderPreloaded()).toBeFalsy();
    expect(firebase.asked).toBe(0);
  });

  it('waits for the manifests on a path the guess does not know, and counts no wrong guess', async () => {
    serve({ '/remotes.json': { mf_artifact_editor: MANIFEST_URL }, [MANIFEST_URL]: manifest });
    localStorage.setItem('token', emulatorToken(7200));
    history.replaceState(null, '', '/my-artifacts');
    start({}, {});
    expect(shellCodeStarted()).toBe(false);
    expect(identityProviderPreloaded()).toBeFalsy();
    // The manifests say it is a member's page: Firebase, then the shell's code, as the guess would have.
    await vi.waitFor(() => expect(firebase.asked).toBe(1));
    await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
    expect(fallbacks()['page guess wrong']).toBeUndefined();
  });

  it("follows the manifests when the guess was wrong, and counts it: Firebase on the member's page they publish", async () => {
    serve({ '/remotes.json': { mf_artifact_editor: MANIFEST_URL }, [MANIFEST_URL]: manifest });
    localStorage.setItem('token', emulatorToken(7200));
    history.replaceState(null, '', '/my-artifacts');
    // A build that took My Artifacts for a prerendered public page.
    start({}, { [pathPattern('/my-artifacts')]: { prerendered: true } });
    expect(shellCodeStarted()).toBe(false);
    await vi.waitFor(() => expect(firebase.asked).toBe(1));
    await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
    expect(fallbacks()['page guess wrong']).toBe(1);
  });

  it('counts a wrong guess of a page not prerendered, and of a page no remote publishes', async () => {
    for (const [path, remote] of [
      ['/', 'mf_catalogue'],
      ['/nowhere', 'mf_catalogue'],
    ] as const) {
      serve({ '/remotes.json': { [remote]: MANIFEST_URL }, [MANIFEST_URL]: manifest });
      history.replaceState(null, '', path);
      start({}, { [pathPattern(path)]: {} });
      expect(shellCodeStarted(), path).toBe('chunks only');
      await vi.waitFor(() => expect(fallbacks()['page guess wrong'], path).toBe(1));
      document.head.innerHTML = '';
    }
  });

  it('counts no wrong guess when the guess was right', async () => {
    serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
    history.replaceState(null, '', '/');
    start();
    await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
    expect(fallbacks()['page guess wrong']).toBeUndefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyResponses } from 'first-paint/hand-over/take';
import { mark, markedRecord } from 'first-paint/head-start/picture';
import { emulatorToken } from 'shared-ui/test/tokens';
import { firebase, layout, manifest, MANIFEST_URL, preloaded, serve, start } from './test/harness';
import { DETAILS_URL, open, PHOTO, pictureManifest, signIn } from './test/picture-with-data';

describe("index.html's inline head start: the page's picture drawn with the answer to its first request", () => {
  afterEach(() => localStorage.clear());
  describe('for a returning member (no usable stored token)', () => {
    const FRESH = emulatorToken(0, { user_id: 'ada', name: 'Ada' });
    const expiredToken = () => localStorage.setItem('token', emulatorToken(7200));

    it("asks Firebase for the member's token at once, then sends the request with it and draws the page", async () => {
      const main = layout(true);
      expiredToken();
      let answer!: (token: string | null) => void;
      firebase.answer = new Promise((resolve) => (answer = resolve));
      const fetchMock = open({ _id: 'abc', name: 'Vase', image: PHOTO, myVote: null });

      await vi.waitFor(() => expect(firebase.asked).toBe(1));
      // Nothing goes to the API before Firebase has answered.
      await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
      expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(DETAILS_URL);
      answer(FRESH);

      await vi.waitFor(() => expect(main.querySelector('h1')?.textContent).toBe('Vase'));
      expect(main.querySelector('p')!.textContent).toBe('Like, Ada, abc');
      expect(fetchMock.mock.calls.find(([url]) => url === DETAILS_URL)?.[1]).toEqual({
        headers: { Accept: 'application/json', Authorization: `Bearer ${FRESH}` },
      });
      expect(earlyResponses.take(DETAILS_URL, `Bearer ${FRESH}`)).toBeDefined();
    });

    it('asks for nothing and draws nothing when Firebase names no member, or fails', async () => {
      for (const answer of [() => Promise.resolve(null), () => Promise.reject(new Error('network'))]) {
        const main = layout(true);
        expiredToken();
        firebase.answer = answer();
        const fetchMock = open({ _id: 'abc', name: 'Vase', image: PHOTO, myVote: null });
        await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
        await Promise.all(fetchMock.mock.results.map((result) => result.value));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(main.innerHTML).toBe('<p>Loading</p>');
        expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(DETAILS_URL);
        document.head.innerHTML = '';
        delete window.__firstPaint;
      }
    });

    it('is not asked for on a public page, nor with a usable stored token', async () => {
      firebase.answer = Promise.resolve(FRESH);
      for (const [path, stored] of [
        ['/all-artifacts', null],
        ['/artifact-details/abc', emulatorToken(60)],
      ] as const) {
        if (stored) localStorage.setItem('token', stored);
        serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: pictureManifest });
        history.replaceState(null, '', path);
        start();
        await vi.waitFor(() => expect(preloaded().length).toBeGreaterThan(0));
        expect(firebase.asked, path).toBe(0);
        localStorage.clear();
        document.head.innerHTML = '';
      }
    });
  });

  it('is not drawn for an answer no picture fits, a failed answer, without a member, or once the app is live', async () => {
    const cases: Array<[string, () => HTMLElement, unknown]> = [
      ['another vote', () => (signIn(), layout(true)), { name: 'Vase', image: PHOTO, myVote: 'disliked' }],
      ['a missing text', () => (signIn(), layout(true)), { name: 'Vase', myVote: null }],
      ['a failed answer', () => (signIn(), layout(true)), undefined],
      [
        'no stored token, and Firebase names no member',
        () => layout(true),
        { name: 'Vase', image: PHOTO, myVote: null },
      ],
      ['the live app', () => (signIn(), layout(false)), { name: 'Vase', image: PHOTO, myVote: null }],
    ];
    for (const [name, prepare, answer] of cases) {
      const main = prepare();
      const fetchMock = open(answer);
      await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
      await Promise.all(fetchMock.mock.results.map((result) => result.value));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(main.innerHTML, name).toBe('<p>Loading</p>');
      localStorage.clear();
      document.head.innerHTML = '';
      delete window.__firstPaint;
    }
  });

  it("draws a public page for a visitor from the answer's body and headers, for the page URL's query its sample names", async () => {
    const PAGE_PICTURES_URL = 'http://remotes.test/catalogue/assets/pictures-AllArtifacts-1.json';
    const card = (index: number) =>
      `<h3>${mark(`data.${index}.name`)}</h3>` +
      `<img sizes="100vw" alt="${mark(`data.${index}.name`)}" src="${mark(`data.${index}.image`)}">`;
    const searchPictures = [
      {
        sample: {
          search: { q: '' },
          data: [0, 1].map((index) => markedRecord(`data.${index}`, ['name', 'image'])),
          headers: { 'x-total-count': mark('headers.x-total-count') },
        },
        html: `${card(0)}${card(1)}<p>Showing 2 of ${mark('headers.x-total-count')}</p>`,
      },
    ];
    const answer = () =>
      Response.json(
        [
          { name: 'Rosetta Stone', image: 'http://img.test/rosetta.webp' },
          { name: 'Sutton Hoo Helmet', image: 'http://img.test/helmet.webp' },
        ],
        { headers: { 'X-Total-Count': '30' } },
      );
    const openAt = (path: string) => {
      const fetchMock = serve({
        '/remotes.json': { mf_catalogue: MANIFEST_URL },
        [MANIFEST_URL]: {
          ...manifest,
          requestPreloads: {
            AllArtifacts: {
              ...manifest.requestPreloads.AllArtifacts,
              images: { count: 1, sizes: '100vw' },
            },
          },
          dataPictures: { AllArtifacts: 'assets/pictures-AllArtifacts-1.json' },
        },
        [PAGE_PICTURES_URL]: searchPictures,
        'http://api.test/artifacts?limit=24': answer(),
        'http://api.test/artifacts?q=bronze&limit=24': answer(),
      });
      history.replaceState(null, '', path);
      start();
      return fetchMock;
    };

    const main = layout(true);
    openAt('/all-artifacts');
    await vi.waitFor(() => expect(main.querySelector('h3')?.textContent).toBe('Rosetta Stone'));
    expect(main.querySelector('p')!.textContent).toBe('Showing 2 of 30');
    // The pictures the page shows first load; the others wait for the live page, an empty frame.
    const [first, second] = [...main.querySelectorAll('img')];
    expect(first!.getAttribute('src')).toBe('http://img.test/rosetta.webp');
    expect(second!.hasAttribute('src')).toBe(false);
    expect(second!.getAttribute('alt')).toBe('');

    // A search is not what the sample shows: the page keeps its loading state.
    document.head.innerHTML = '';
    delete window.__firstPaint;
    const searching = layout(true);
    const fetchMock = openAt('/all-artifacts?q=bronze');
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain(PAGE_PICTURES_URL));
    await Promise.all(fetchMock.mock.results.map((result) => result.value));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(searching.innerHTML).toBe('<p>Loading</p>');
  });
});

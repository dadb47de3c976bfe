/**
 * Issue 9, a first screen without JavaScript: index.html carries the prerendered layout, and the shell's inline
 * head start puts the route's prerendered page into it (first-paint/vite/publish-pictures.ts), so a visitor sees the
 * page before any of the app's code has run; the live app then takes over in one step. The head start also sends
 * the page's first API request (first-paint/head-start/early-request.ts), which the page then takes instead of asking.
 * The shell's app code is held back here, as a slow link would, to look at that first screen.
 */
import type { Locator, Page, Route } from '@playwright/test';
import { api } from '../../fixtures/api-client.ts';
import { cameraPhoto } from '../../fixtures/photos.ts';
import { createAccount } from '../../fixtures/identity.ts';
import { memberSession, TOKEN_KEY } from '../../fixtures/member-session.ts';
import { NEEDS_EMULATOR_ADMIN, setAccountDisabled, tokenClaims } from '../../fixtures/session-changes.ts';
import { expect, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { apiPathOf, journeyTarget } from '../../stack/target.ts';

/** Holds the shell's code (main.tsx's chunk, which its entry imports) until the returned function lets it through. */
async function holdShellCode(page: Page, baseURL: string): Promise<() => Promise<void>> {
  const shellOrigin = new URL(baseURL).origin;
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.origin === shellOrigin && /^\/assets\/main-[\w-]{8}\.js$/.test(url.pathname),
    (route) => (released ? route.continue() : void held.push(route)),
  );
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

/**
 * Opens `path` with the shell's code held, so the first screen is the head start's picture; `inPicture` looks at it.
 * Then lets the code through. Returns the picture's text, then the live page's as the commit that replaced the
 * picture left it: later the page may change on its own (Firebase's answer adds the profile's join date).
 */
async function pictureThenLive(
  page: Page,
  baseURL: string,
  path: string,
  inPicture: (main: Locator) => Promise<void> = async () => {},
) {
  const letCodeThrough = await holdShellCode(page, baseURL);
  await page.goto(path, { waitUntil: 'commit' });
  const main = page.locator('#main');
  await expect(main.locator('h1')).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await inPicture(main);
  const picture = await main.innerText();
  // The live app lifts `inert` in the commit that replaces the picture; an observer, in place before the code is
  // let through, reads the page right after it.
  await page.evaluate(() => {
    const root = document.getElementById('root')!;
    (window as { handedOver?: Promise<string> }).handedOver = new Promise<string>((resolve) => {
      new MutationObserver((_, observer) => {
        if (root.hasAttribute('inert')) return;
        observer.disconnect();
        resolve(document.getElementById('main')!.innerText);
      }).observe(root, { attributes: true });
    });
  });
  await letCodeThrough();
  const live = await page.evaluate(() => (window as { handedOver?: Promise<string> }).handedOver!);
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  return { main, picture, live };
}

/** The URLs of the API requests the page sends whose path is `path`. */
function apiRequestsTo(page: Page, path: string): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (apiPathOf(request.url()) === path) urls.push(request.url());
  });
  return urls;
}

test.describe('First screen before the code', { tag: '@shell' }, () => {
  // The remotes' public pages are rendered on the server (#53): their first screen is the server's page
  // (qa/server-rendering.spec.ts). What the head start still draws: the shell's own pages and members' pages.
  test('a page without a picture shows the layout and a spinner until its code has loaded', async ({
    page,
    baseURL,
  }) => {
    const letCodeThrough = await holdShellCode(page, baseURL!);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator('#main [role="status"]')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('inert', '');

    await letCodeThrough();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expect(page.locator('#main [role="status"]')).toHaveCount(0);
  });
});

test.describe("A member's page drawn before the code", { tag: '@shell' }, () => {
  /** Each payload sets `window.__xss` if the picture ever parses a text as markup and runs it. */
  const HOSTILE = `"><img src=x onerror="window.__xss=1"> & 'Amphora'`;
  const nothingRan = (page: Page) => page.evaluate(() => (window as { __xss?: number }).__xss === undefined);
  const signedIn = async (page: Page, baseURL: string, member: { email: string; password: string }) =>
    page.context().setStorageState(await memberSession(baseURL, member, { state: 'signed in' }));

  test(
    "Artifact Details: the artifact from the early answer, its texts as text, then the live page's own",
    { tag: '@catalogue' },
    async ({ page, baseURL, member }) => {
      const artifact = await api.createArtifact(member.idToken, { name: HOSTILE, description: HOSTILE });
      await signedIn(page, baseURL!, member);
      const detailsRequests = apiRequestsTo(page, `/api/artifacts/${artifact._id}`);

      const { picture, live } = await pictureThenLive(
        page,
        baseURL!,
        `/artifact-details/${artifact._id}`,
        async (main) => {
          await expect(main.locator('h1')).toHaveText(HOSTILE);
          const photo = main.locator('article img');
          await expect(photo).toHaveAttribute('src', artifact.image);
          await expect(photo).toHaveAttribute('alt', HOSTILE);
          await expect(
            main.locator('button[aria-pressed="false"]', { hasText: /^\s*Like\s*$/ }),
          ).toBeVisible();
        },
      );
      expect(picture).toContain(`Added by\n${member.displayName}`);
      expect(live).toBe(picture);
      await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled();
      expect(await nothingRan(page)).toBe(true);
      // The page took the head start's answer: one request for the artifact.
      expect(detailsRequests).toHaveLength(1);
    },
  );

  test(
    "Update Artifact: the member's own artifact in its form from the early answer, then the live form",
    { tag: '@editor' },
    async ({ page, baseURL, member }) => {
      // The member's own photo: an Image URL on the API's local address is refused unless it is theirs.
      const image = await api.uploadPhoto(member.idToken, await cameraPhoto({ width: 800, height: 600 }));
      const artifact = await api.createArtifact(member.idToken, {
        name: HOSTILE,
        historicalContext: HOSTILE,
        type: 'Pottery',
        image,
      });
      await signedIn(page, baseURL!, member);
      const artifactRequests = apiRequestsTo(page, `/api/artifacts/${artifact._id}`);
      const form = (main: Locator) => ({
        name: main.getByLabel('Artifact Name'),
        type: main.getByLabel('Artifact Type'),
        context: main.getByLabel('Historical Context'),
        image: main.getByLabel('Image URL'),
        preview: main.getByTestId('image-preview').locator('img'),
      });
      const showsTheArtifact = async (main: Locator) => {
        const fields = form(main);
        await expect(fields.name).toHaveValue(HOSTILE);
        await expect(fields.type).toHaveValue('Pottery');
        await expect(fields.context).toHaveValue(HOSTILE);
        await expect(fields.preview).toHaveAttribute('src', artifact.image);
      };

      const { main, picture, live } = await pictureThenLive(
        page,
        baseURL!,
        `/update-artifact/${artifact._id}`,
        showsTheArtifact,
      );
      expect(picture).toContain(`Editing "${HOSTILE}"`);
      expect(live).toBe(picture);
      await showsTheArtifact(main);
      // The live form shows the uploaded photo, its address out of sight (#55 item 3).
      await expect(form(main).image).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Update Artifact' })).toBeEnabled();
      expect(await nothingRan(page)).toBe(true);
      expect(artifactRequests).toHaveLength(1);
    },
  );

  test(
    "Update Artifact of another member's artifact: no picture of the form; the live page says why",
    { tag: [VIEWPORT_INDEPENDENT, '@editor'] },
    async ({ page, baseURL, member }) => {
      // Another member's artifact of this journey's own: one from the shared catalogue may be deleted meanwhile by a
      // parallel journey against a deployment.
      const owner = await createAccount();
      const theirs = await api.createArtifact(owner.idToken);
      await signedIn(page, baseURL!, member);
      // Set whenever a form is in the page while it is still the head start's picture (#root inert).
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('#root[inert] #main form'))
            (window as { formDrawn?: true }).formDrawn = true;
        }).observe(document, { childList: true, subtree: true });
      });
      const letCodeThrough = await holdShellCode(page, baseURL!);
      const answered = page.waitForResponse((response) =>
        response.url().endsWith(`/api/artifacts/${theirs._id}`),
      );
      const pictures = page.waitForResponse((response) =>
        /pictures-UpdateArtifact-[\w-]+\.json$/.test(response.url()),
      );
      await page.goto(`/update-artifact/${theirs._id}`, { waitUntil: 'commit' });
      await Promise.all([answered, pictures]);
      await letCodeThrough();
      await expect(
        page.getByRole('heading', { name: 'You can only update artifacts you added' }),
      ).toBeVisible();
      expect(await page.evaluate(() => (window as { formDrawn?: true }).formDrawn)).toBeUndefined();
    },
  );

  for (const [path, title, tag] of [
    ['/add-artifact', 'Add Artifact', '@editor'],
    ['/profile', 'My Profile', '@account'],
  ] as const) {
    test(
      `${title}: drawn for the member the stored token names, then the live page's own`,
      { tag },
      async ({ page, baseURL, member }) => {
        await signedIn(page, baseURL!, member);
        const { main, picture, live } = await pictureThenLive(page, baseURL!, path);
        await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
        expect(live).toBe(picture);
        if (path === '/profile') expect(picture).toContain(member.displayName);
        else await expect(page.getByLabel('Adder Name')).toHaveValue(member.displayName);
      },
    );
  }

  for (const [path, title, tag] of [
    ['/my-artifacts', 'My Artifacts Collection', '@editor'],
    ['/liked-artifacts', 'Your Liked Artifacts', '@account'],
  ] as const) {
    test(
      `${path}: the member's cards from the early answer, whose entrance the live cards carry on`,
      { tag },
      async ({ page, baseURL, member }) => {
        // Twelve, the most a picture draws: their entrance (0.2 s apart, 0.5 s each) lasts 2.7 s of animation time.
        const names = [HOSTILE, ...Array.from({ length: 11 }, (_, i) => `Amphora ${i + 2}`)];
        for (const name of names) {
          const artifact = await api.createArtifact(member.idToken, { name });
          if (path === '/liked-artifacts') await api.like(member.idToken, artifact._id);
        }
        await signedIn(page, baseURL!, member);
        // The journeys browse asking for reduced motion (every entrance ends at once): this one looks at the motion, at a
        // tenth of its speed (Chrome's animation timeline), so the entrance still runs at the hand-over on a busy machine.
        await page.emulateMedia({ reducedMotion: 'no-preference' });
        const devtools = await page.context().newCDPSession(page);
        await devtools.send('Animation.enable');
        await devtools.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
        const { main, picture, live } = await pictureThenLive(page, baseURL!, path);
        await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
        expect(picture).toContain(HOSTILE);
        expect(live).toBe(picture);
        await expect(main.getByTestId('artifact-card')).toHaveCount(12);
        // How far into the page's entrance each live card began: its place (index x 200 ms) less its animation-delay,
        // which over a picture is negative by as long as the picture's cards had been entering; null without one.
        const begunAt = await main.getByTestId('artifact-card').evaluateAll((cards) =>
          cards.map((card, index) => {
            const style = getComputedStyle(card);
            return style.animationName === 'none'
              ? null
              : index * 200 - parseFloat(style.animationDelay) * 1000;
          }),
        );
        const entering = begunAt.filter((at): at is number => at !== null);
        // Neither popped in nor started again: the cards still entering all carry on from the same moment, past 0, and
        // the ones without an animation had ended theirs by then.
        expect(
          entering.length,
          `cards still entering at the hand-over: ${JSON.stringify(begunAt)}`,
        ).toBeGreaterThan(0);
        const [handedOverAt] = entering;
        for (const at of entering) expect(at).toBeCloseTo(handedOverAt!, 0);
        expect(handedOverAt).toBeGreaterThan(0);
        begunAt.forEach((at, index) => {
          if (at === null) expect(index * 200 + 500).toBeLessThanOrEqual(handedOverAt!);
        });
        // No card is hidden while it waits for its turn: the entrance rises from half opacity, not from none.
        const opacities = await main
          .getByTestId('artifact-card')
          .evaluateAll((cards) => cards.map((card) => parseFloat(getComputedStyle(card).opacity)));
        for (const opacity of opacities) expect(opacity).toBeGreaterThanOrEqual(0.5);
        expect(await nothingRan(page)).toBe(true);
      },
    );
  }

  test(
    "a returning member (stored token expired): drawn once Firebase, started before the shell's code, has refreshed it",
    { tag: '@editor' },
    async ({ page, baseURL, member }) => {
      const artifact = await api.createArtifact(member.idToken, { name: HOSTILE });
      const returning = await memberSession(baseURL!, member, { state: 'returning' });
      const expired = returning.origins[0]!.localStorage.find(({ name }) => name === TOKEN_KEY)!.value;
      await page.context().setStorageState(returning);
      const tokensSent: string[] = [];
      page.on('request', (request) => {
        if (apiPathOf(request.url()) === '/artifacts/user/me')
          tokensSent.push(request.headers().authorization?.replace(/^Bearer /, '') ?? '');
      });

      const { main, picture, live } = await pictureThenLive(page, baseURL!, '/my-artifacts', async (main) => {
        // Drawn while the shell's code is held: the head start asked Firebase itself.
        await expect(main.locator('h2', { hasText: HOSTILE })).toBeVisible();
      });
      expect(picture).toContain(artifact.name);
      expect(live).toBe(picture);
      await expect(main.getByTestId('artifact-card')).toHaveCount(1);
      await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
      // Asked once, with the token Firebase refreshed for this member, never with the expired one.
      expect(tokensSent).toHaveLength(1);
      expect(tokensSent[0]).not.toBe(expired);
      expect(tokenClaims(tokensSent[0]!)).toMatchObject({ user_id: member.uid });
      expect(await nothingRan(page)).toBe(true);
    },
  );

  test(
    "a returning member whose account was disabled meanwhile: no picture, and /login with the route's toast",
    { tag: [VIEWPORT_INDEPENDENT, '@editor'] },
    async ({ page, baseURL, member, shell }) => {
      test.skip(!journeyTarget().authEmulator, NEEDS_EMULATOR_ADMIN);
      const artifact = await api.createArtifact(member.idToken, { name: HOSTILE });
      await page.context().setStorageState(await memberSession(baseURL!, member, { state: 'returning' }));
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('#root[inert] #main h1')) (window as { drawn?: true }).drawn = true;
        }).observe(document, { childList: true, subtree: true });
      });
      const letCodeThrough = await holdShellCode(page, baseURL!);
      const firebaseSession = page.waitForResponse((response) =>
        /\/assets\/firebase-session-[\w-]+\.js$/.test(response.url()),
      );
      await setAccountDisabled(member.uid, true);
      try {
        await page.goto('/my-artifacts', { waitUntil: 'commit' });
        // Firebase's code loads beside the shell's, not once that code has run.
        await firebaseSession;
        await letCodeThrough();
        await shell.expectToast('Please login to view your artifacts');
        await expect(page).toHaveURL('/login');
        expect(await page.evaluate(() => (window as { drawn?: true }).drawn)).toBeUndefined();
        await expect(page.getByText(artifact.name)).toHaveCount(0);
      } finally {
        await setAccountDisabled(member.uid, false);
      }
    },
  );
});

/**
 * Issue 53, every page arrives drawn with its data: the render service renders a remote's public page on the server
 * (the shell's layout and the page, its data from the API through the route's loader) and the browser hydrates it,
 * asking the API nothing for that first page. With JavaScript off the page is all there; with the shell's code held
 * back (a slow link) the server's page is on screen and the hydrated page is the same.
 */
import type { Page, Route } from '@playwright/test';
import { api } from '../../fixtures/api-client.ts';
import { expect, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { CataloguePage } from '../../pages/catalogue.ts';
import { expectLivePage } from '../../pages/live-page.ts';
import { apiPathOf } from '../../stack/target.ts';

/** The API requests the page sends for data (not the artifacts' pictures), by path. */
function dataRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const path = apiPathOf(request.url());
    if (path && !path.startsWith('/images/')) paths.push(path);
  });
  return paths;
}

/** Holds the shell's code (main.tsx's chunk) until the returned function lets it through. */
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

test.describe('Pages rendered on the server', { tag: ['@shell', '@catalogue'] }, () => {
  test(
    'with JavaScript off, Home shows its featured artifacts and All Artifacts the results of a search',
    { tag: VIEWPORT_INDEPENDENT },
    async ({ browser, baseURL, member }) => {
      const word = `sr${Math.random().toString(36).slice(2, 9)}`;
      const created = await api.createArtifact(member.idToken, { name: `${word} Amphora` });
      const artifactNames = async () => (await api.listArtifacts()).map(({ name }) => name);
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const page = await context.newPage();
      const catalogue = new CataloguePage(page);
      try {
        // Featured Artifacts, the API's most liked: artifacts the API lists. Parallel journeys add, like and delete
        // theirs meanwhile, nginx keeps an anonymous page for a few seconds (production), and another API process
        // learns of a write a few milliseconds late; so the names are the API's before and after the page, and a
        // page that showed one deleted before both is loaded again.
        await expect(async () => {
          const before = await artifactNames();
          await page.goto('/');
          await expect(page.getByRole('heading', { level: 1, name: 'Heritage Vault' })).toBeAttached();
          await expect(catalogue.cards.first()).toBeVisible();
          const featured = await catalogue.cardNames();
          const names = new Set([...before, ...(await artifactNames())]);
          expect(featured.length).toBeGreaterThan(0);
          for (const name of featured) expect(names.has(name), name).toBe(true);
        }).toPass({ timeout: 20_000 });

        await page.goto(`/all-artifacts?q=${word}`);
        await expect(page.getByText(`Found 1 results for "${word}"`)).toBeVisible();
        expect(await catalogue.cardNames()).toEqual([`${word} Amphora`]);
        await expect(page.getByLabel('Search artifacts')).toHaveValue(word);
      } finally {
        await context.close();
        await api.deleteArtifact(member.idToken, created._id);
      }
    },
  );

  test(
    'with JavaScript off, the nav bar and the footer link the pages as their route modules publish them (#57 item 2)',
    { tag: VIEWPORT_INDEPENDENT },
    async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const page = await context.newPage();
      try {
        await page.goto('/about');
        await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeAttached();
        const navbar = page.getByRole('banner').getByRole('listitem').getByRole('link');
        await expect(navbar).toHaveText(['Home', 'All Artifacts', 'Add Artifact', 'About', 'Contact']);
        await expect(navbar.nth(1)).toHaveAttribute('href', '/all-artifacts');
        const quickLinks = page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
        await expect(quickLinks).toHaveText(['Browse Artifacts', 'Add Artifact', 'Liked Artifacts']);
        await expect(quickLinks.first()).toHaveAttribute('href', '/all-artifacts');
      } finally {
        await context.close();
      }
    },
  );

  for (const path of ['/', '/about', '/contact', '/all-artifacts']) {
    test(`${path}: the server's page is on screen before the code, the hydrated page is the same, and the browser asks the API nothing`, async ({
      page,
      baseURL,
    }) => {
      const requests = dataRequests(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // Hydration's errors; not a picture that cannot load (parallel journeys' artifacts name unreachable ones).
      page.on(
        'console',
        (message) =>
          message.type() === 'error' &&
          !message.text().startsWith('Failed to load resource') &&
          errors.push(message.text()),
      );
      const letCodeThrough = await holdShellCode(page, baseURL!);
      await page.goto(path, { waitUntil: 'commit' });
      const main = page.locator('#main');
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/all-artifacts') await expect(main.getByTestId('artifact-card')).toHaveCount(24);
      // Home's slideshow moves on its own once live: its cards are what must stay.
      const content = () => (path === '/' ? new CataloguePage(page).cardNames() : main.innerText());
      const server = await content();
      expect(server.length).toBeGreaterThan(0);

      await letCodeThrough();
      await expectLivePage(page);
      expect(await content()).toEqual(server);
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
    });
  }

  test(
    'the hydrated page is live: a search asks the API in place, and a link navigates in the same document',
    { tag: VIEWPORT_INDEPENDENT },
    async ({ page }) => {
      const catalogue = new CataloguePage(page);
      const requests = dataRequests(page);
      await page.goto('/all-artifacts');
      await expectLivePage(page);
      await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
      await catalogue.searchBox.fill('vase');
      await expect(page.getByText(/^Found \d+ results for "vase"$/)).toBeVisible();
      expect(requests).toEqual(['/artifacts']);
      await page.getByRole('link', { name: 'About' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    },
  );
});

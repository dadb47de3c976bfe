/**
 * Issue 53, what each page says to machines: the render service writes every page's head on the server, so a crawler
 * or a link preview, which runs no JavaScript, reads the page's title, description, canonical URL and link-preview
 * tags; robots.txt and sitemap.xml name the public pages. Artifact Details with PUBLIC_ARTIFACT_PAGES is in
 * e2e/tests/shell/public-artifact-pages-stack-failures.spec.ts (it restarts the render service with the setting).
 */
import { memberSession } from '../../fixtures/member-session.ts';
import { expect, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { headOf } from '../../pages/page-head.ts';

test.describe('What pages say to machines', { tag: ['@shell', VIEWPORT_INDEPENDENT, '@catalogue'] }, () => {
  test("with JavaScript off, each page's head names it: title, description, canonical URL, link previews", async ({
    browser,
    baseURL,
    member,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await test.step('All Artifacts, with a search', async () => {
        const response = await page.goto('/all-artifacts?q=vase');
        expect(response!.status()).toBe(200);
        const head = await headOf(page);
        expect(head).toMatchObject({
          title: 'All Artifacts - Heritage Vault',
          robots: null,
          // The page, not this search of it.
          canonical: `${baseURL}/all-artifacts`,
          og: { title: 'All Artifacts - Heritage Vault', type: 'website', url: `${baseURL}/all-artifacts` },
          twitter: { card: 'summary', title: 'All Artifacts - Heritage Vault' },
          jsonLd: [],
        });
        expect(head.description).toMatch(/historical artifacts/);
        expect(head.og.description).toBe(head.description);
      });

      await test.step("a members' page is kept out of search engines, and out of every cache", async () => {
        // Asked by a visitor: the way to Login, kept by no cache either.
        const redirect = await page.request.get('/my-artifacts', { maxRedirects: 0 });
        expect(redirect.status()).toBe(302);
        expect(redirect.headers()['location']).toBe('/login?from=%2Fmy-artifacts');
        expect(redirect.headers()['cache-control']).toBe('private, no-store');
        // Opened by its member.
        const memberContext = await browser.newContext({
          javaScriptEnabled: false,
          baseURL,
          storageState: await memberSession(baseURL!, member),
        });
        try {
          const memberPage = await memberContext.newPage();
          const response = await memberPage.goto('/my-artifacts');
          expect(response!.status()).toBe(200);
          expect(response!.headers()['cache-control']).toBe('private, no-store');
          expect(await headOf(memberPage)).toMatchObject({
            title: 'My Artifacts - Heritage Vault',
            robots: 'noindex',
          });
        } finally {
          await memberContext.close();
        }
      });

      await test.step('an unknown path is a 404 with the Not Found title', async () => {
        const response = await page.goto('/no-such-page/at-all');
        expect(response!.status()).toBe(404);
        expect(await headOf(page)).toMatchObject({
          title: 'Page Not Found - Heritage Vault',
          robots: 'noindex',
        });
      });
    } finally {
      await context.close();
    }
  });

  test('robots.txt names the sitemap; sitemap.xml lists the public pages', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url);
    expect(locations.sort()).toEqual(
      ['/', '/about', '/all-artifacts', '/contact'].map((path) => `${baseURL}${path}`).sort(),
    );
  });
});

/**
 * Issue 53, PUBLIC_ARTIFACT_PAGES=true: Artifact Details open to visitors. The render service writes the artifact's
 * head on the server (title, description, Open Graph and Twitter card tags with its photo, schema.org JSON-LD), lists
 * every artifact's page in the sitemap, and tells the shell the page is open, so a visitor is not sent to /login and
 * Like answers with the spec's toast. The render service reads the setting when it starts: these journeys restart it
 * with the setting on the failures stack (project 'stack-failures'), and once more without it after them.
 */
import { api } from '../../fixtures/api-client.ts';
import { startServer, stopServer } from '../../fixtures/stack-control.ts';
import { expect, spec, test } from '../../fixtures/test.ts';
import { CataloguePage } from '../../pages/catalogue.ts';
import { headOf } from '../../pages/page-head.ts';

test.describe.configure({ mode: 'serial' });

test.describe('PUBLIC_ARTIFACT_PAGES', { tag: ['@shell', '@catalogue'] }, () => {
  test.beforeAll(async () => {
    await stopServer('shell');
    await startServer('shell', { PUBLIC_ARTIFACT_PAGES: 'true' });
  });
  test.afterAll(async () => {
    await stopServer('shell');
    await startServer('shell');
  });

  test("with JavaScript off, an artifact's page names it: title, link previews with its photo, JSON-LD, a hostile name inert", async ({
    browser,
    baseURL,
    member,
  }) => {
    // A name that would end a <script> or open a comment if the server wrote it as it is.
    const word = `ld${Math.random().toString(36).slice(2, 8)}`;
    const name = `Vase ${word} </script><script>window.__xss=1</script> <!-- "quoted" &`;
    const artifact = await api.createArtifact(member.idToken, { name });
    const path = `/artifact-details/${artifact._id}`;
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      const response = await page.goto(path);
      expect(response!.status()).toBe(200);
      expect(response!.headers()['cache-control']).toBe('no-cache');
      const head = await headOf(page);
      expect(head).toMatchObject({
        title: `${name} - Heritage Vault`,
        description: artifact.description,
        robots: null,
        canonical: `${baseURL}${path}`,
        og: {
          type: 'article',
          title: `${name} - Heritage Vault`,
          url: `${baseURL}${path}`,
          image: artifact.image,
        },
        twitter: { card: 'summary_large_image', title: `${name} - Heritage Vault`, image: artifact.image },
      });
      expect(head.jsonLd).toEqual([
        {
          '@context': 'https://schema.org',
          '@type': 'ArchiveComponent',
          '@id': `${baseURL}${path}`,
          url: `${baseURL}${path}`,
          name,
          image: artifact.image,
          description: artifact.description,
          genre: artifact.type,
          dateCreated: artifact.createdAt,
          itemLocation: { '@type': 'Place', name: artifact.presentLocation },
          creator: { '@type': 'Person', name: artifact.adderName },
        },
      ]);
      // The name is text in the head, and nothing of it became an element (the page has no inline script of its own
      // since the head start went: #53 item 4).
      await expect(page.locator('script:not([src]):not([type])')).toHaveCount(0);

      const missing = await page.goto('/artifact-details/0badc0de-0000-4000-8000-00000000dead');
      expect(missing!.status()).toBe(404);
    } finally {
      await context.close();
      await api.deleteArtifact(member.idToken, artifact._id);
    }
  });

  test("the sitemap lists every artifact's page", async ({ request, baseURL, member }) => {
    const artifact = await api.createArtifact(member.idToken);
    try {
      const sitemap = await (await request.get('/sitemap.xml')).text();
      expect(sitemap).toContain(`<loc>${baseURL}/artifact-details/${artifact._id}</loc>`);
      for (const starter of await api.starterArtifacts())
        expect(sitemap).toContain(`<loc>${baseURL}/artifact-details/${starter._id}</loc>`);
    } finally {
      await api.deleteArtifact(member.idToken, artifact._id);
    }
  });

  test(
    'a visitor reads Artifact Details, not the login page, and Like asks them to login',
    { annotation: spec('Please login to like artifacts') },
    async ({ page, shell }) => {
      const [starter] = await api.starterArtifacts();
      await page.goto(`/artifact-details/${starter!._id}`);
      await expect(page.getByRole('heading', { level: 1, name: starter!.name })).toBeVisible();
      await expect(page).toHaveTitle(`${starter!.name} - Heritage Vault`);
      await new CataloguePage(page).likeButton.click();
      await shell.expectToast('Please login to like artifacts');
      await expect(page).toHaveURL(new RegExp(`/artifact-details/${starter!._id}$`));
    },
  );
});

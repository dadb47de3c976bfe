import type { Artifact } from 'artifact-model';
import { describe, expect, it } from 'vitest';
import { SITE_ROUTES } from '../../shell/src/routes/test/published-pages.ts';
import { renderPage, type RenderContext } from './render-page.ts';
import { artifact, HOSTILE_NAME } from './test/artifacts.ts';

const ORIGIN = 'https://heritage.example';
const ID = '0badc0de-0000-4000-8000-000000000001';

function context({
  stored = [artifact()],
  apiDown = false,
  unavailable = [] as string[],
  publicArtifactPages = true,
} = {}): RenderContext {
  return {
    siteRoutes: async () => ({
      routes: SITE_ROUTES.filter(
        (route) => !('remote' in route.source && unavailable.includes(route.source.remote)),
      ),
      unavailable,
    }),
    api: {
      async artifact(id) {
        if (apiDown) throw new Error('connect ECONNREFUSED');
        return stored.find(({ _id }) => _id === id) ?? null;
      },
      artifactIds: async () => stored.map(({ _id }) => _id),
    },
    publicArtifactPages,
    shellBody: '<div id="root"></div>',
  };
}

const render = (path: string, ctx = context(), member = false) =>
  renderPage({ url: new URL(path, ORIGIN), member }, ctx);

const titleOf = (head: string) => /<title>([\s\S]*?)<\/title>/.exec(head)?.[1];
const metaOf = (head: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(head)?.[1];
const jsonLdOf = (head: string) => {
  const data = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1];
  return data === undefined ? undefined : (JSON.parse(data) as Record<string, unknown>);
};

describe('renderPage', () => {
  it.each([
    ['/', 'Home - Heritage Vault'],
    ['/all-artifacts', 'All Artifacts - Heritage Vault'],
    ['/about', 'About - Heritage Vault'],
    ['/contact', 'Contact - Heritage Vault'],
    ['/login', 'Login - Heritage Vault'],
    ['/register', 'Register - Heritage Vault'],
  ])('%s: its route title, the canonical URL, a public page that anyone may keep', async (path, title) => {
    const page = await render(path);
    expect(page.status).toBe(200);
    expect(titleOf(page.head)).toBe(title);
    expect(page.head).toContain(`<link rel="canonical" href="${ORIGIN}${path}" />`);
    expect(metaOf(page.head, 'og:url')).toBe(`${ORIGIN}${path}`);
    expect(metaOf(page.head, 'robots')).toBeUndefined();
    expect(page.headers['Cache-Control']).toBe('no-cache');
    expect(page.body).toBe('<div id="root"></div>');
  });

  it.each([
    ['/my-artifacts', 'My Artifacts'],
    ['/liked-artifacts', 'Liked Artifacts'],
    ['/profile', 'Profile'],
    ['/add-artifact', 'Add Artifact'],
    [`/update-artifact/${ID}`, 'Update Artifact'],
  ])("%s: a member's page, kept out of search engines and of every cache", async (path, title) => {
    const page = await render(path);
    expect(page.status).toBe(200);
    expect(titleOf(page.head)).toBe(`${title} - Heritage Vault`);
    expect(metaOf(page.head, 'robots')).toBe('noindex');
    expect(page.headers['Cache-Control']).toBe('private, no-store');
  });

  it("answers a member's request (the session cookie) as theirs alone, on a public page too", async () => {
    expect((await render('/all-artifacts', context(), true)).headers['Cache-Control']).toBe(
      'private, no-store',
    );
  });

  it('answers an unknown path 404 with the Not Found title, kept out of search engines', async () => {
    const page = await render('/no-such-page/at-all');
    expect(page.status).toBe(404);
    expect(titleOf(page.head)).toBe('Page Not Found - Heritage Vault');
    expect(metaOf(page.head, 'robots')).toBe('noindex');
  });

  it("answers an unknown path 200, kept by no one, while a remote's pages cannot be read: it may be one of them", async () => {
    const page = await render('/about', context({ unavailable: ['mf_catalogue'] }));
    expect(page.status).toBe(200);
    expect(page.headers['Cache-Control']).toBe('no-store');
  });

  it('names the artifact on its page: title, description, link previews with its photo, JSON-LD', async () => {
    const stored = artifact({ image: '/images/rosetta.webp' });
    const page = await render(`/artifact-details/${ID}`, context({ stored: [stored] }));
    expect(page.status).toBe(200);
    expect(titleOf(page.head)).toBe('Rosetta Stone - Heritage Vault');
    expect(metaOf(page.head, 'description')).toBe(stored.description);
    expect(metaOf(page.head, 'og:type')).toBe('article');
    expect(metaOf(page.head, 'og:title')).toBe('Rosetta Stone - Heritage Vault');
    // An image the site serves itself is named absolutely: a link preview is read from elsewhere.
    expect(metaOf(page.head, 'og:image')).toBe(`${ORIGIN}/images/rosetta.webp`);
    expect(metaOf(page.head, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(page.head, 'twitter:image')).toBe(`${ORIGIN}/images/rosetta.webp`);
    expect(jsonLdOf(page.head)).toMatchObject({
      '@type': 'ArchiveComponent',
      name: 'Rosetta Stone',
      dateCreated: '196 BC',
      itemLocation: { name: 'British Museum, London' },
      creator: { name: 'Ada Member' },
    });
    expect(page.headers['Cache-Control']).toBe('no-cache');
  });

  it('writes a hostile name as text: it neither ends the JSON-LD nor opens a comment', async () => {
    const page = await render(
      `/artifact-details/${ID}`,
      context({ stored: [artifact({ name: HOSTILE_NAME })] }),
    );
    expect(page.head).not.toContain('<!--');
    expect(page.head).not.toContain('<script>alert');
    // Two scripts (the JSON-LD and the site's settings), each closed once: nothing the name holds closes one.
    expect(page.head.match(/<script/g)).toHaveLength(2);
    expect(page.head.match(/<\/script>/g)).toHaveLength(2);
    expect(jsonLdOf(page.head)!.name).toBe(HOSTILE_NAME);
  });

  it('answers a missing artifact 404', async () => {
    const page = await render('/artifact-details/0badc0de-0000-4000-8000-0000000000ff');
    expect(page.status).toBe(404);
    expect(metaOf(page.head, 'robots')).toBe('noindex');
    expect(jsonLdOf(page.head)).toBeUndefined();
  });

  it('sends the page without the artifact when the API cannot answer, for no one to keep', async () => {
    const page = await render(`/artifact-details/${ID}`, context({ apiDown: true }));
    expect(page.status).toBe(200);
    expect(titleOf(page.head)).toBe('Artifact Details - Heritage Vault');
    expect(page.headers['Cache-Control']).toBe('no-store');
  });

  it("keeps Artifact Details a members' page without PUBLIC_ARTIFACT_PAGES: nothing of the artifact in its head", async () => {
    const asked: string[] = [];
    const ctx = context({ publicArtifactPages: false });
    const page = await render(`/artifact-details/${ID}`, {
      ...ctx,
      api: {
        ...ctx.api,
        async artifact(id): Promise<Artifact | null> {
          asked.push(id);
          return null;
        },
      },
    });
    expect(page.status).toBe(200);
    expect(titleOf(page.head)).toBe('Artifact Details - Heritage Vault');
    expect(metaOf(page.head, 'robots')).toBe('noindex');
    expect(page.headers['Cache-Control']).toBe('private, no-store');
    expect(asked).toEqual([]);
  });

  it("tells the shell which members' pages the site opens to visitors: Artifact Details with PUBLIC_ARTIFACT_PAGES", async () => {
    const settingsOf = (head: string) =>
      JSON.parse(/<script type="application\/json" id="site-settings">([\s\S]*?)<\/script>/.exec(head)![1]!);
    expect(settingsOf((await render('/')).head)).toEqual({ publicPaths: ['/artifact-details/:id'] });
    expect(settingsOf((await render('/', context({ publicArtifactPages: false }))).head)).toEqual({
      publicPaths: [],
    });
  });
});

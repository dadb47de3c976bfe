import type { Artifact } from 'artifact-model';
import { describe, expect, it } from 'vitest';
import { SITE_ROUTES } from '../../shell/src/routes/test/published-pages.ts';
import type { PageBodies } from './page-body.ts';
import type { PageMember, Viewer } from './page-session.ts';
import { renderPage, type RenderContext } from './render-page.ts';
import { artifact, HOSTILE_NAME } from './test/artifacts.ts';

const ORIGIN = 'https://heritage.example';
const ID = '0badc0de-0000-4000-8000-000000000001';

const REMOTES = { mf_catalogue: 'http://localhost:5174/mf-manifest.json' };
const PAGE_MODULES = [
  'http://localhost:5174/remoteEntry.js',
  'http://localhost:5174/assets/all-artifacts-page.js',
];

/** The shell's server build, as far as the render reads it: each page rendered, or `failure` for every page. */
function serverBodies({ failure, noRenderer }: { failure?: string; noRenderer?: string } = {}): PageBodies & {
  asked: URL[];
  members: Array<PageMember | null>;
} {
  const asked: URL[] = [];
  const members: Array<PageMember | null> = [];
  return {
    asked,
    members,
    clientRendered: 0,
    async render({ url, remotes, member }) {
      asked.push(url);
      members.push(member);
      expect(remotes).toEqual(REMOTES);
      if (failure) return { kind: 'client-rendered', reason: failure, failed: true };
      if (noRenderer) return { kind: 'client-rendered', reason: noRenderer, failed: false };
      return {
        kind: 'rendered',
        result: {
          kind: 'page',
          status: 200,
          body: `<main>${url.pathname} from the server</main>`,
          styles: '<style data-styled="active">.a{}</style>',
          state: { queries: { queries: [], mutations: [] }, router: { loaderData: {} } },
        },
      };
    },
  };
}

function context({
  stored = [artifact()],
  apiDown = false,
  unavailable = [] as string[],
  publicArtifactPages = true,
  bodies = serverBodies(),
} = {}): RenderContext {
  return {
    siteRoutes: async (remotes) => ({
      remotes,
      routes: SITE_ROUTES.filter(
        (route) => !('remote' in route.source && unavailable.includes(route.source.remote)),
      ),
      modules: { mf_catalogue: { AllArtifacts: PAGE_MODULES } },
      unavailable,
    }),
    api: {
      memberOf: async () => null,
      async artifact(id) {
        if (apiDown) throw new Error('connect ECONNREFUSED');
        return stored.find(({ _id }) => _id === id) ?? null;
      },
      artifactIds: async () => stored.map(({ _id }) => _id),
    },
    publicArtifactPages,
    shellBody: '<div id="root"></div>',
    bodies,
  };
}

const VISITOR: Viewer = { kind: 'visitor', sessionRefused: false };
const MEMBER: PageMember = {
  user: { uid: 'ada', email: 'ada@example.test', displayName: 'Ada Member', photoURL: null, createdAt: null },
  session: 'ada-session-cookie',
};
const AS_MEMBER: Viewer = { kind: 'member', member: MEMBER };

const render = (path: string, ctx = context(), viewer: Viewer = VISITOR) =>
  renderPage({ url: new URL(path, ORIGIN), viewer, remotes: { remotes: REMOTES, perVisitor: false } }, ctx);

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
    // Rendered on the server, the remotes' pages and the shell's own alike.
    expect(page.rendered).toBe(true);
    expect(page.body.startsWith(`<div id="root"><main>${path} from`)).toBe(true);
  });

  it("asks for what the shell's code will at once: remotes.json, the manifests and the page's own modules", async () => {
    const links = (head: string) => [...head.matchAll(/<link rel="(preload|modulepreload)" href="([^"]+)"/g)];
    expect(links((await render('/all-artifacts')).head).map(([, rel, href]) => `${rel} ${href}`)).toEqual([
      'preload /remotes.json',
      `preload ${REMOTES.mf_catalogue}`,
      ...PAGE_MODULES.map((url) => `modulepreload ${url}`),
    ]);
    // Without credentials, as fetch() and the imports ask: else the browser would fetch them again.
    expect((await render('/all-artifacts')).head).toContain(`href="/remotes.json" as="fetch" crossorigin />`);
    // The shell's own page needs the routes, and no remote's module.
    expect(links((await render('/login')).head)).toHaveLength(2);
  });

  it("renders a public page's body on the server: its HTML in #root, its styles in the head, the answers for hydration", async () => {
    const page = await render('/all-artifacts?q=vase');
    expect(page.rendered).toBe(true);
    expect(page.head).toContain('<style data-styled="active">.a{}</style>');
    expect(page.body).toBe(
      '<div id="root"><main>/all-artifacts from the server</main></div>\n' +
        '<script type="application/json" id="rendered-state">' +
        '{"queries":{"queries":[],"mutations":[]},"router":{"loaderData":{}}}</script>',
    );
  });

  it("renders the shell's own pages on the server too: Login and Register, and Not Found with its 404", async () => {
    for (const [path, status] of [
      ['/login', 200],
      ['/register', 200],
      ['/no-such-page', 404],
    ] as const) {
      const bodies = serverBodies();
      const page = await render(path, context({ bodies }));
      expect(page.status, path).toBe(status);
      expect(page.rendered, path).toBe(true);
      expect(page.body, path).toContain(`<main>${path} from the server</main>`);
      expect(bodies.asked.map((url) => url.pathname)).toEqual([path]);
    }
  });

  it('sends a member whose session could not be checked client-rendered, kept by no one', async () => {
    const bodies = serverBodies();
    const ctx = context({ bodies });
    for (const path of ['/my-artifacts', '/', '/login']) {
      const page = await render(path, ctx, { kind: 'unchecked' });
      expect(page.rendered, path).toBeUndefined();
      expect(page.body, path).toBe('<div id="root"></div>');
      expect(page.headers['Cache-Control']).toBe('no-store');
    }
    expect(bodies.asked).toEqual([]);
  });

  it.each(['/my-artifacts', '/liked-artifacts', '/profile', `/update-artifact/${ID}`, '/all-artifacts', '/'])(
    '%s for a member: rendered on the server with their data, for them alone',
    async (path) => {
      const bodies = serverBodies();
      const page = await render(path, context({ bodies }), AS_MEMBER);
      expect(page.status).toBe(200);
      expect(page.rendered).toBe(true);
      expect(bodies.members).toEqual([MEMBER]);
      expect(page.headers['Cache-Control']).toBe('private, no-store');
    },
  );

  it.each([
    ['/my-artifacts', '/login?from=%2Fmy-artifacts'],
    ['/liked-artifacts', '/login?from=%2Fliked-artifacts'],
    ['/profile', '/login?from=%2Fprofile'],
    [`/update-artifact/${ID}?x=1`, `/login?from=${encodeURIComponent(`/update-artifact/${ID}?x=1`)}`],
  ])('%s for a visitor (or a refused session): sent to %s, with nothing rendered', async (path, location) => {
    for (const viewer of [VISITOR, { kind: 'visitor', sessionRefused: true } as const]) {
      const bodies = serverBodies();
      const page = await render(path, context({ bodies }), viewer);
      expect(page.status).toBe(302);
      expect(page.redirect).toBe(location);
      expect(page.headers['Cache-Control']).toBe('private, no-store');
      expect(bodies.asked).toEqual([]);
    }
  });

  it('sends a page whose server render failed client-rendered, for no one to keep', async () => {
    const page = await render(
      '/about',
      context({ bodies: serverBodies({ failure: 'mf_catalogue/About threw' }) }),
    );
    expect(page.status).toBe(200);
    expect(page.rendered).toBeUndefined();
    expect(page.body).toBe('<div id="root"></div>');
    expect(page.headers['Cache-Control']).toBe('no-store');
  });

  it('sends the pages of a shell built without its server renderer client-rendered, as public as before', async () => {
    const page = await render('/about', context({ bodies: serverBodies({ noRenderer: 'no server build' }) }));
    expect(page.rendered).toBeUndefined();
    expect(page.body).toBe('<div id="root"></div>');
    expect(page.headers['Cache-Control']).toBe('no-cache');
  });

  it("asks no server render while a remote's pages cannot be read (the browser shows its outage)", async () => {
    const bodies = serverBodies();
    const page = await render('/about', context({ bodies, unavailable: ['mf_account'] }));
    expect(page.rendered).toBeUndefined();
    expect(bodies.asked).toEqual([]);
  });

  it.each([
    ['/my-artifacts', 'My Artifacts'],
    ['/liked-artifacts', 'Liked Artifacts'],
    ['/profile', 'Profile'],
    ['/add-artifact', 'Add Artifact'],
    [`/update-artifact/${ID}`, 'Update Artifact'],
  ])("%s: a member's page, kept out of search engines and of every cache", async (path, title) => {
    const page = await render(path, context(), AS_MEMBER);
    expect(page.status).toBe(200);
    expect(titleOf(page.head)).toBe(`${title} - Heritage Vault`);
    expect(metaOf(page.head, 'robots')).toBe('noindex');
    expect(page.headers['Cache-Control']).toBe('private, no-store');
  });

  it("answers a member's request (the session cookie) as theirs alone, on a public page too", async () => {
    for (const viewer of [AS_MEMBER, { kind: 'visitor', sessionRefused: true } as const])
      expect((await render('/all-artifacts', context(), viewer)).headers['Cache-Control']).toBe(
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
    const page = await render(
      `/artifact-details/${ID}`,
      {
        ...ctx,
        api: {
          ...ctx.api,
          async artifact(id): Promise<Artifact | null> {
            asked.push(id);
            return null;
          },
        },
      },
      AS_MEMBER,
    );
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

/**
 * The render service's one function: a page request in, the page out ({ status, headers, head, body }). The body is
 * the page rendered on the server (page-body.ts), or the shell's built document's, rendered in the browser; the head
 * is the page's own, written here (head.ts).
 */
import type { Artifact } from 'artifact-model';
import {
  openToVisitors,
  SITE_SETTINGS_ID,
  type PageSource,
  type RouteEntry,
  type SiteSettings,
} from '../../shell/src/routes/route-table.ts';
import { loginRedirect } from '../../shell/src/auth/login-redirect.ts';
import { renderedStateHtml, type RenderedState } from '../../shell/src/server/rendered-state.ts';
import {
  absoluteUrl,
  artifactJsonLd,
  escapeHtml,
  headHtml,
  scriptJson,
  type PageHead,
  shortDescription,
  SITE_DESCRIPTION,
  SITE_NAME,
} from './head.ts';
import type { PageBodies } from './page-body.ts';
import type { Viewer } from './page-session.ts';
import type { VisitorReleases } from './release-choice.ts';
import type { SiteApi } from './site-api.ts';
import { matchRoute, type MatchedRoute, type SiteRoutes } from './site-routes.ts';

export interface PageRequest {
  /** The page's address on the site's public origin. */
  url: URL;
  /** Who asks, from the request's page session cookie (page-session.ts). */
  viewer: Viewer;
  /** The visitor's releases of the remotes (release-choice.ts): the page is drawn by these. */
  remotes: VisitorReleases;
}

export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  /** The page's own head elements (title, description, link previews, structured data). */
  head: string;
  /** The document's body: the shell's (client-rendered), or the page's rendered on the server (`rendered`). */
  body: string;
  /** The body was rendered on the server. */
  rendered?: boolean;
  /** Where the request is sent instead (a members' page for a visitor: /login). */
  redirect?: string;
}

export interface RenderContext {
  siteRoutes(remotes: Record<string, string>): Promise<SiteRoutes>;
  api: SiteApi;
  /** PUBLIC_ARTIFACT_PAGES: Artifact Details open to visitors. */
  publicArtifactPages: boolean;
  /** The shell's document body: a client-rendered page's. */
  shellBody: string;
  /** The pages' bodies rendered on the server (page-body.ts). */
  bodies: PageBodies;
}

/**
 * The page whose head names its artifact. Until route modules have loaders the server runs, the render service knows
 * this one page's data itself.
 */
export const ARTIFACT_PAGE = { remote: 'mf_catalogue', page: 'ArtifactDetails' } as const;

const isPage = (source: PageSource, page: { remote: string; page: string }) =>
  'remote' in source && source.remote === page.remote && source.page === page.page;
const isNotFound = (source: PageSource) => 'shell' in source && source.shell === 'NotFound';

/**
 * Cache-Control of a document. Anonymous public pages: revalidated by browsers (`no-cache`), and what nginx may keep
 * for a few seconds (deploy/nginx/render.ts). A member's request or a members' page: the member's alone, stored by
 * no one. `no-store`: a page made without what it needed (an API or a remote away), which no one should keep.
 */
export const CACHE = { public: 'no-cache', private: 'private, no-store', degraded: 'no-store' } as const;

/** Whether a route is open to visitors: no login toast, or the artifact pages with PUBLIC_ARTIFACT_PAGES. */
export const isPublicRoute = (route: RouteEntry, publicArtifactPages: boolean) =>
  !route.loginToast || (publicArtifactPages && isPage(route.source, ARTIFACT_PAGE));

/**
 * The site's settings for the shell, as a JSON data block (data: the browser never runs it): the routes opened to
 * visitors, whose login toast the shell then ignores (shell/src/routes/remote-routes.ts).
 */
const siteSettingsOf = (routes: readonly RouteEntry[], publicArtifactPages: boolean): SiteSettings => ({
  publicPaths: routes
    .filter((route) => route.loginToast && isPublicRoute(route, publicArtifactPages))
    .map(({ path }) => path),
});

const siteSettingsHtml = (settings: SiteSettings) =>
  `    <script type="application/json" id="${SITE_SETTINGS_ID}">${scriptJson(settings)}</script>\n`;

/**
 * What the shell's code asks for first when it runs, asked for by the page as its head arrives: remotes.json and
 * every remote's manifest (the site's routes: shell/src/routes/remote-routes.ts), and the page's own modules (its
 * remote's entry and chunks). Asked for by the shell's code, they were three round trips in a row after it had run,
 * before the page could hydrate (bench/results/web-readings.md). `crossorigin` (CORS without credentials) as the
 * shell's fetch() and imports ask for them, or the browser would not reuse what it preloaded.
 */
export const earlyFetchesHtml = (
  { remotes, modules }: Pick<SiteRoutes, 'remotes' | 'modules'>,
  route: RouteEntry,
) =>
  [
    ...['/remotes.json', ...Object.values(remotes)].map(
      (url) => `rel="preload" href="${escapeHtml(url)}" as="fetch"`,
    ),
    ...('remote' in route.source ? (modules[route.source.remote]?.[route.source.page] ?? []) : []).map(
      (url) => `rel="modulepreload" href="${escapeHtml(url)}"`,
    ),
  ]
    .map((link) => `    <link ${link} crossorigin />\n`)
    .join('');

/** The answer to a signed-out request for a members' page: /login, with the page to return to (and its toast). */
const SIGNED_OUT_REDIRECT = 302;

export async function renderPage(request: PageRequest, context: RenderContext): Promise<RenderedPage> {
  const { url, viewer } = request;
  const site = await context.siteRoutes(request.remotes.remotes);
  const { remotes, routes, unavailable } = site;
  const { route, params } = matchRoute(url.pathname, routes);
  const settings = siteSettingsOf(routes, context.publicArtifactPages);
  const withHead = await pageWithHead(request, context, {
    unavailable,
    route,
    params,
    settings,
    earlyFetches: earlyFetchesHtml(site, route),
  });
  const isPublic = isPublicRoute(route, context.publicArtifactPages);
  if (!isPublic && viewer.kind === 'visitor' && withHead.status === 200)
    return {
      ...withHead,
      status: SIGNED_OUT_REDIRECT,
      redirect: loginRedirect(`${url.pathname}${url.search}`),
    };
  // Rendered on the server: every page, public or the member's, with the site's every remote at hand; Not Found with
  // its 404. A member whose session could not be checked (the API away), and every page while a remote's pages cannot
  // be read, are client-rendered.
  const serverRendered =
    (withHead.status === 200 || isNotFound(route.source)) &&
    withHead.headers['Cache-Control'] !== CACHE.degraded &&
    viewer.kind !== 'unchecked' &&
    !unavailable.length;
  if (!serverRendered) return withHead;
  const rendered = await context.bodies.render({
    url,
    member: viewer.kind === 'member' ? viewer.member : null,
    remotes,
    routes: openToVisitors(routes, settings),
  });
  // A page whose render failed is kept by no one; one of a shell without its server renderer is as it always was.
  if (rendered.kind === 'client-rendered')
    return rendered.failed
      ? { ...withHead, headers: { ...withHead.headers, 'Cache-Control': CACHE.degraded } }
      : withHead;
  const { result } = rendered;
  if (result.kind === 'redirect') return { ...withHead, status: result.status, redirect: result.location };
  return {
    ...withHead,
    rendered: true,
    head: withHead.head + result.styles,
    body: `<div id="root">${result.body}</div>\n${renderedStateHtml(result.state as RenderedState)}`,
  };
}

/** The page with its own head, and the shell's document body (client-rendered). */
async function pageWithHead(
  { url, viewer, remotes }: PageRequest,
  context: RenderContext,
  {
    unavailable,
    route,
    params,
    settings,
    earlyFetches,
  }: Pick<SiteRoutes, 'unavailable'> & MatchedRoute & { settings: SiteSettings; earlyFetches: string },
): Promise<RenderedPage> {
  const canonicalUrl = `${url.origin}${url.pathname}`;
  const isPublic = isPublicRoute(route, context.publicArtifactPages);
  // A request with a page session (good or not) is answered for its browser alone; one unchecked is kept by no one.
  const degradedFor = viewer.kind === 'unchecked';
  const privateFor = viewer.kind !== 'visitor' || viewer.sessionRefused || !isPublic;
  const page = (status: number, head: Partial<PageHead>, degraded = degradedFor) => ({
    status,
    headers: {
      'Cache-Control': degraded ? CACHE.degraded : privateFor ? CACHE.private : CACHE.public,
      // While a canary is out, the page is the release the visitor's bucket cookie draws.
      ...(remotes.perVisitor && { Vary: 'Cookie' }),
    },
    head:
      headHtml({
        title: `${route.title} - ${SITE_NAME}`,
        description: SITE_DESCRIPTION,
        canonicalUrl,
        type: 'website',
        noindex: !isPublic,
        ...head,
      }) +
      siteSettingsHtml(settings) +
      earlyFetches,
    body: context.shellBody,
  });

  if (isNotFound(route.source)) {
    // A path no route has may be an unavailable remote's page: the shell says its section could not load.
    if (unavailable.length) return page(200, {}, true);
    return page(404, { noindex: true });
  }
  if (!isPublic || !isPage(route.source, ARTIFACT_PAGE) || !params.id) return page(200, {});

  let artifact: Artifact | null;
  try {
    artifact = await context.api.artifact(params.id);
  } catch (error) {
    // The page still works: the browser asks the API again and shows its error state if it must.
    console.error(`The artifact of ${url.pathname} could not be read: ${(error as Error).message}`);
    return page(200, {}, true);
  }
  if (!artifact) return page(404, { noindex: true });
  const image = absoluteUrl(artifact.image, url.origin);
  return page(200, {
    title: `${artifact.name} - ${SITE_NAME}`,
    description: shortDescription(artifact.description),
    type: 'article',
    image,
    jsonLd: artifactJsonLd(artifact, canonicalUrl, image),
  });
}

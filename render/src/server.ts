/**
 * The render service's HTTP server (Fastify, as the API): every page request of the site is answered by renderPage
 * in the shell's document, drawn by the visitor's releases of the remotes (release-choice.ts); the shell's built files are served as they are, with the headers the site's other
 * servers give them (site-config/static-serving.ts and page-security.ts); remotes.json with each remote's
 * live release or its canary for the visitor's bucket (release-choice.ts), read per request; robots.txt and sitemap.xml.
 */
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { ASSET_SECURITY_HEADERS, shellDocumentHeaders, withBodyScripts } from 'site-config/page-security';
import { cacheControl } from 'site-config/static-serving';
import { robotsTxt, sitemapPaths, sitemapXml } from './crawling.ts';
import { loadShellRenderer, pageBodies } from './page-body.ts';
import { SESSION_COOKIE, viewerOf } from './page-session.ts';
import { bucketCookieOf, visitorReleases, visitorRemotesJson } from './release-choice.ts';
import { renderPage, type RenderContext } from './render-page.ts';
import type { RenderSettings } from './settings.ts';
import { documentHtml, readShellDocument } from './shell-document.ts';
import { siteApi } from './site-api.ts';
import { siteRoutesReader } from './site-routes.ts';

/** robots.txt and the sitemap change with the collection, slowly. */
const CRAWLING_CACHE = 'public, max-age=300';

export async function renderServer(settings: RenderSettings): Promise<FastifyInstance> {
  const dist = settings.shellDist;
  const shell = readShellDocument(dist);
  // As the preview servers did: the pages' policy for this deployment, with the hash of this build's inline script.
  const documentHeaders = shellDocumentHeaders(dist, settings.env);
  const context: RenderContext = {
    siteRoutes: siteRoutesReader(),
    api: siteApi(settings.apiUrl),
    publicArtifactPages: settings.publicArtifactPages,
    shellBody: shell.body,
    bodies: pageBodies(
      await loadShellRenderer(settings.shellServerDist, {
        apiUrl: settings.apiUrl,
        // The remotes' manifests and modules must arrive within the deadline, with time left to render.
        fetchTimeoutMs: Math.round(settings.renderDeadlineMs * 0.8),
      }),
      settings.renderDeadlineMs,
    ),
  };

  // The first render of a remote's page loads its server entry (~2 s): done at start-up, not by a visitor's request.
  const liveReleases = () => visitorReleases(settings.env, undefined);
  void renderPage(
    {
      url: new URL('/', 'http://localhost'),
      viewer: { kind: 'visitor', sessionRefused: false },
      remotes: liveReleases(),
    },
    context,
  ).catch(() => undefined);

  const app = Fastify({
    logger: { level: settings.env.LOG_LEVEL ?? 'warn' },
    trustProxy: settings.trustProxy,
  });
  await app.register(fastifyCookie);
  // Documents and the sitemap, compressed on the fly (reply.compress). Not the build's files: those with a Brotli or
  // gzip copy are sent as it, and those under 1 KB were left uncompressed on purpose (a stream's size is unknown to
  // the plugin, which would compress them all).
  await app.register(fastifyCompress, { global: false, encodings: ['br', 'gzip'] });
  await app.register(fastifyStatic, {
    root: dist,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
    setHeaders(reply, path) {
      // The file's address, not its Brotli or gzip copy's (`path` is the copy sent).
      const urlPath = `/${relative(dist, path)}`.replace(/\.(br|gz)$/, '');
      reply.headers(urlPath.endsWith('.html') ? documentHeaders : ASSET_SECURITY_HEADERS);
      const cache = cacheControl(urlPath);
      if (cache) reply.header('Cache-Control', cache);
    },
  });

  const originOf = (request: FastifyRequest) =>
    settings.publicOrigin ?? `${request.protocol}://${request.host}`;

  app.get('/remotes.json', async (request, reply) =>
    reply
      .headers({ ...ASSET_SECURITY_HEADERS, 'Cache-Control': 'no-cache' })
      .type('application/json')
      .send(visitorRemotesJson(request, reply, settings.env)),
  );
  app.get('/robots.txt', async (request, reply) =>
    reply
      .headers({ ...ASSET_SECURITY_HEADERS, 'Cache-Control': CRAWLING_CACHE })
      .type('text/plain; charset=utf-8')
      .compress(robotsTxt(originOf(request))),
  );
  app.get('/sitemap.xml', async (request, reply) => {
    const { routes } = await context.siteRoutes(liveReleases().remotes);
    let artifactIds: string[] = [];
    try {
      if (settings.publicArtifactPages) artifactIds = await context.api.artifactIds();
    } catch (error) {
      // A sitemap without them would tell search engines the artifacts' pages are gone.
      request.log.error(error);
      return reply
        .code(503)
        .headers({ ...ASSET_SECURITY_HEADERS, 'Retry-After': '60' })
        .type('text/plain; charset=utf-8')
        .send("The sitemap is unavailable: the artifacts' list could not be read.");
    }
    const paths = sitemapPaths(routes, { publicArtifactPages: settings.publicArtifactPages, artifactIds });
    return reply
      .headers({ ...ASSET_SECURITY_HEADERS, 'Cache-Control': CRAWLING_CACHE })
      .type('application/xml; charset=utf-8')
      .compress(sitemapXml(originOf(request), paths));
  });

  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, originOf(request));
    const path = decodeURIComponent(url.pathname);
    if (!path.includes('..') && isFile(join(dist, path))) return reply.sendFile(path);
    // A file the build does not have is a 404, not a page.
    if (extname(path) && !path.endsWith('.html'))
      return reply.code(404).headers(ASSET_SECURITY_HEADERS).type('text/plain').send('Not found');
    const viewer = await viewerOf(request.cookies[SESSION_COOKIE], context.api);
    // A cookie that is no longer good (expired, revoked, account gone) is cleared, as the API's sign-out does.
    if (viewer.kind === 'visitor' && viewer.sessionRefused)
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    const page = await renderPage(
      { url, viewer, remotes: visitorReleases(settings.env, bucketCookieOf(request)) },
      context,
    );
    if (page.redirect) return reply.headers(page.headers).redirect(page.redirect, page.status);
    return reply
      .code(page.status)
      .headers(withBodyScripts({ ...documentHeaders, ...page.headers }, page.rendered ? page.body : ''))
      .type('text/html; charset=utf-8')
      .compress(documentHtml(shell, page));
  });
  return app;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

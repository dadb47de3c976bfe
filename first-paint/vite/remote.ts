/**
 * A remote's first paint, derived from its pages' route modules (../page-route.ts): the plugins its vite config lists
 * (shared-ui/vite-config/federation.ts, remoteConfig), each adding to its mf-manifest.json what the shell reads
 * (head-start/manifest.ts). The route modules are loaded once the build starts, through a throwaway SSR server on
 * the app's source (prerender.ts): a vite config cannot import them, since its bundler would follow each page's
 * lazy import into the app.
 */
import type { Plugin } from 'vite';
import type { RemotePage } from 'shared-ui/vite-config/pages';
import type { FirstPaintManifest } from '../head-start/manifest.ts';
import { publishedPage, type PageRoute } from '../page-route.ts';
import { extendManifest } from './manifest.ts';
import { loadModules } from './prerender.ts';
import { publishEarlyRequests } from './publish-early-requests.ts';
import { publishImagePreloads } from './publish-image-preloads.ts';
import { publishPictures } from './publish-pictures.ts';

/** Each page's route, by exposed name ('./Home'), once the build has started. */
export type PageRoutes = Map<string, Omit<PageRoute, 'page'> & { module: string }>;

export function remoteFirstPaint(pages: readonly RemotePage[]): Plugin[] {
  const routes: PageRoutes = new Map();
  let root = '';
  const loadRoutes: Plugin = {
    name: 'first-paint-page-routes',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      const loaded = await loadModules<{ default: PageRoute }>(
        root,
        pages.map(({ route }) => route),
      );
      pages.forEach(({ expose, route, module }, index) => {
        const result = loaded[index]!;
        if (result instanceof Error) this.error(`${route}: ${result.message}`);
        const { page: _lazy, ...declared } = result.default;
        routes.set(expose, { ...declared, module });
      });
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const published: FirstPaintManifest['pages'] = Object.fromEntries(
          [...routes].map(([expose, route]) => [expose.replace(/^\.\//, ''), publishedPage(route)]),
        );
        extendManifest(bundle, { pages: published }, (message) => this.error(`pages: ${message}`));
      },
    },
  };
  return [
    loadRoutes,
    publishPagesInDev(pages),
    publishImagePreloads(routes),
    publishPictures(routes),
    publishEarlyRequests(routes),
  ];
}

/**
 * The dev server's manifest (which the federation plugin answers itself) with the pages' routes too, read from the
 * route modules at each request, so the shell's `pnpm dev` finds the pages as the built site does.
 */
function publishPagesInDev(pages: readonly RemotePage[]): Plugin {
  return {
    name: 'first-paint-pages-in-dev',
    apply: 'serve',
    // Before the federation plugin's middleware, which answers the manifest.
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.replace(/\?.*/, '') !== `${server.config.base}mf-manifest.json`) return next();
        const published = Promise.all(
          pages.map(async ({ expose, route }) => {
            const { default: declared } = (await server.ssrLoadModule(route)) as { default: PageRoute };
            return [expose.replace(/^\.\//, ''), publishedPage(declared)] as const;
          }),
        );
        published.then((entries) => {
          const end = res.end.bind(res) as (body: string) => void;
          (res as { end: (body: string) => void }).end = (body) =>
            end(JSON.stringify({ ...JSON.parse(body), pages: Object.fromEntries(entries) }));
          next();
        }, next);
      });
    },
  };
}

/**
 * A remote's first paint, derived from its pages' route modules (../page-route.ts): the plugins its vite config lists
 * (shared-ui/vite-config/federation.ts, remoteConfig), and what they add to its mf-manifest.json for the shell to read
 * (head-start/manifest.ts), given to the federation plugin's own hook for that (`manifest.additionalData`). The route
 * modules are loaded once the build starts, through a throwaway SSR server on the app's source (prerender.ts): a vite
 * config cannot import them, since its bundler would follow each page's lazy import into the app.
 */
import type { PluginManifestOptions } from '@module-federation/vite';
import type { Plugin, ViteDevServer } from 'vite';
import type { RemotePage } from 'shared-ui/vite-config/pages';
import type { FirstPaintManifest } from '../head-start/manifest.ts';
import { publishedPage, type PageRoute } from '../page-route.ts';
import { loadModules } from './prerender.ts';
import { publishImagePreloads } from './publish-image-preloads.ts';
import { publishPictures } from './publish-pictures.ts';

/** Each page's route, by exposed name ('./Home'), once the build has started. */
export type PageRoutes = Map<string, Omit<PageRoute, 'page'> & { module: string }>;

export interface RemoteFirstPaint {
  plugins: Plugin[];
  additionalData: NonNullable<PluginManifestOptions['additionalData']>;
}

const pageName = (expose: string) => expose.replace(/^\.\//, '');

export function remoteFirstPaint(pages: readonly RemotePage[]): RemoteFirstPaint {
  const routes: PageRoutes = new Map();
  // What the plugins that read the bundle publish (pictures, image preloads): set before the federation plugin writes
  // the manifest, since they write it in generateBundle's 'pre' phase.
  const published: FirstPaintManifest = {};
  let root = '';
  let devServer: ViteDevServer | undefined;
  const loadRoutes: Plugin = {
    name: 'first-paint-page-routes',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      devServer = server;
    },
    async buildStart() {
      if (devServer) return;
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
  };
  /** The dev server's pages, read from the route modules at each request, so the shell's `pnpm dev` finds them. */
  const devPages = async (server: ViteDevServer) =>
    Object.fromEntries(
      await Promise.all(
        pages.map(async ({ expose, route }) => {
          const { default: declared } = (await server.ssrLoadModule(route)) as { default: PageRoute };
          return [pageName(expose), publishedPage(declared)] as const;
        }),
      ),
    );
  return {
    plugins: [loadRoutes, publishImagePreloads(routes, published), publishPictures(routes, published)],
    // `stats` is the manifest the federation plugin made (mf-stats.json, made from it, has these too).
    async additionalData({ stats }) {
      if (devServer) return { ...stats, pages: await devPages(devServer) };
      const entries = [...routes];
      return {
        ...stats,
        pages: Object.fromEntries(entries.map(([expose, route]) => [pageName(expose), publishedPage(route)])),
        ...published,
        requestPreloads: Object.fromEntries(
          entries.flatMap(([expose, { firstPaint }]) =>
            firstPaint?.earlyRequest ? [[pageName(expose), firstPaint.earlyRequest]] : [],
          ),
        ),
      } satisfies FirstPaintManifest;
    },
  };
}

/**
 * What a remote's manifest publishes of its pages for the shell (shared-ui/src/shell-remote-contract.ts): each route
 * module's path and handle as `pages`, and the contract's version, given to the federation plugin's own hook for
 * extra manifest fields (`manifest.additionalData`). The route modules are loaded through a throwaway SSR server on
 * the app's source before a build (the dev server itself in `vite dev`): a vite config cannot import them, since its bundler would
 * follow each page's lazy import into the app.
 */
import type { PluginManifestOptions } from '@module-federation/vite';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import {
  publishedPage,
  SHELL_REMOTE_CONTRACT_VERSION,
  type PageRoute,
  type PublishedPage,
  type RemoteManifestFields,
} from 'shared-ui/shell-remote-contract';
import type { RemotePage } from './pages.ts';

export interface PublishedPages {
  plugin: Plugin;
  additionalData: NonNullable<PluginManifestOptions['additionalData']>;
}

const pageName = (expose: string) => expose.replace(/^\.\//, '');

/** Each route module's published page, by page name, loaded with `server`. */
async function pagesOf(server: ViteDevServer, pages: readonly RemotePage[]) {
  const published: Record<string, PublishedPage> = {};
  for (const { expose, route } of pages) {
    const { default: declared } = (await server.ssrLoadModule(route.replace(/^\.\//, '/'))) as {
      default: PageRoute;
    };
    published[pageName(expose)] = publishedPage(declared);
  }
  return published;
}

export function publishedPages(pages: readonly RemotePage[]): PublishedPages {
  let devServer: ViteDevServer | undefined;
  let built: Record<string, PublishedPage> = {};
  return {
    plugin: {
      name: 'heritage-published-pages',
      // Read before the build starts, not in buildStart: the federation plugin's parse barrier counts idle time from
      // there, and a throwaway server on a loaded machine took long enough (over 10 s) for it to close its share map
      // with nothing tracked (react-dom/client left out, and the build refused by complete-share-map.ts).
      async configResolved(config) {
        if (config.command !== 'build') return;
        const server = await createServer({
          root: config.root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          built = await pagesOf(server, pages);
        } catch (error) {
          throw new Error(`a route module could not be read: ${(error as Error).message}`, { cause: error });
        } finally {
          await server.close();
        }
      },
      configureServer(server) {
        devServer = server;
      },
    },
    // `stats` is the manifest the federation plugin made; the dev server's pages are read at each request, so the
    // shell's `pnpm dev` follows a route module's change.
    async additionalData({ stats }) {
      return {
        ...stats,
        pages: devServer ? await pagesOf(devServer, pages) : built,
        shellRemoteContract: SHELL_REMOTE_CONTRACT_VERSION,
      } satisfies RemoteManifestFields;
    },
  };
}

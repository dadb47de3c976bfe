/**
 * Renders an app's own components at build time, through a throwaway Vite SSR server on the app's source, so a
 * picture is the page as its first render draws it, and changes with it (render.tsx renders inside that server).
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { QueryKey } from '@tanstack/react-query';
import { isInfiniteQuery } from 'shared-ui/data/page-query';
import { createServer, type Rollup, type ViteDevServer } from 'vite';
import type { PageModule } from '../page-route.ts';
import type { PictureOptions, RenderedPicture } from './render.tsx';

const RENDERER = fileURLToPath(new URL('./render.tsx', import.meta.url));

export interface PrerenderJob extends Omit<PictureOptions, 'queries'> {
  /** The component's module, relative to the app's root; its default export is rendered. */
  module: string;
  /** The answer of the page's first query (the module's `pageQuery`, for `params`), when it is drawn with one. */
  data?: unknown;
  params?: Record<string, string>;
  search?: URLSearchParams;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Runs `run` with a throwaway SSR server on the app at `root`, serving its own source. */
async function withSsrServer<T>(root: string, run: (server: ViteDevServer) => Promise<T>): Promise<T> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    // Its CommonJS main loses the default export (styled) through Node's ESM interop; its ESM build keeps it.
    ssr: { noExternal: ['styled-components'] },
  });
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

/** The app's module at `module` (a path from its root). */
const loadModule = (server: ViteDevServer, module: string) =>
  server.ssrLoadModule(`/${module.replace(/^\.\//, '')}`);

/** The app's modules (paths from its root), each loaded, or the error it threw. */
export const loadModules = <T>(root: string, modules: readonly string[]): Promise<Array<T | Error>> =>
  withSsrServer(root, async (server) => {
    const loaded: Array<T | Error> = [];
    for (const module of modules)
      loaded.push(await loadModule(server, module).then((value) => value as T, asError));
    return loaded;
  });

/** Each job's rendering, or the error it threw. */
export const prerender = (root: string, jobs: PrerenderJob[]): Promise<Array<RenderedPicture | Error>> =>
  withSsrServer(root, async (server) => {
    const { renderPicture } = (await server.ssrLoadModule(RENDERER)) as typeof import('./render.tsx');
    const rendered: Array<RenderedPicture | Error> = [];
    for (const { module, data, params = {}, search = new URLSearchParams(), ...options } of jobs) {
      try {
        const { default: Component, pageQuery } = (await loadModule(server, module)) as PageModule;
        if (data !== undefined && !pageQuery) throw new Error('a page drawn with data must export pageQuery');
        const query = data === undefined ? undefined : pageQuery!(params, options.member?.uid, search);
        // An infinite query's cache holds its pages: the answer is the first.
        const cached =
          query && isInfiniteQuery(query) ? { pages: [data], pageParams: [query.initialPageParam] } : data;
        const queries: PictureOptions['queries'] = query ? [[query.queryKey as QueryKey, cached]] : [];
        rendered.push(renderPicture(Component, { ...options, queries }));
      } catch (error) {
        rendered.push(asError(error));
      }
    }
    return rendered;
  });

/**
 * The SSR server serves imported files from their source path ('/src/assets/hero.webp'); the picture must name the
 * built files. Every source path is replaced by `base` + the built file; one the build did not emit is an error.
 */
export function withBuiltAssets(
  markup: string,
  bundle: Rollup.OutputBundle,
  base: string,
  fail: (message: string) => never,
) {
  let result = markup;
  for (const file of Object.values(bundle)) {
    if (file.type !== 'asset') continue;
    for (const original of file.originalFileNames)
      result = result.replaceAll(`/${original}`, base + file.fileName);
  }
  const unbuilt = /(?:src|srcset|href)="(\/src\/[^" ]+)/.exec(result);
  if (unbuilt) fail(`first paint: ${unbuilt[1]} is not a file of this build (or small enough to be inlined)`);
  return result;
}

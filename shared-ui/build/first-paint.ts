/**
 * A first screen without JavaScript. The shell's index.html carries a prerendered picture of the layout
 * (navigation bar, a spinner where the page goes, footer), and each remote publishes, in its manifest, prerendered
 * pictures of the public pages it names: the shell's inline head start (early-remote-load.ts) puts the route's
 * picture into the layout as soon as the manifest has arrived. The picture is inert; the shell swaps
 * in the live page in one commit once the page's code has loaded (shell/src/routes/first-paint.tsx).
 *
 * Both are rendered at build time by the app's own components, through a throwaway Vite SSR server on the app's
 * source, so they are the page as its first render draws it, and change with it.
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createServer, type Plugin, type Rollup } from 'vite';
import type { FirstPaintOptions, RenderedFirstPaint } from './first-paint-render';
import {
  isInfiniteQuery,
  mark,
  type DataPicture,
  type ManifestDataPictures,
  type PageQuery,
  type PictureContext,
} from './data-picture.ts';
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_BASE, MEMBER_HEADER_ATTRIBUTE } from './first-paint-marks.ts';
import { extendManifest } from './manifest.ts';

/**
 * What publishFirstPaints adds to a remote's manifest: each page's picture as HTML, its own files named from the
 * remote's base as FIRST_PAINT_BASE. In the manifest, not in files of their own: a file would be one more round
 * trip after the manifest before anything of the page is on screen (150 ms on a slow link), for about 1 KB each
 * compressed.
 */
export interface ManifestFirstPaint {
  firstPaint?: Record<string, string>;
}

const RENDERER = fileURLToPath(new URL('./first-paint-render.tsx', import.meta.url));

interface PrerenderJob extends Omit<FirstPaintOptions, 'queries'> {
  /** The component's module, relative to the app's root; its default export is rendered. */
  module: string;
  /** The answer of the page's first query (the module's `pageQuery`, for `params`), when it is drawn with one. */
  data?: unknown;
  params?: Record<string, string>;
  search?: URLSearchParams;
}

/** A route pattern's parameters as marks ('/artifact-details/:id' → id: mark('params.id')), and its path with them. */
function markedRoute(route: string): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const path = route.replace(/:(\w+)/g, (_, name: string) => (params[name] = mark(`params.${name}`)));
  return { path, params };
}

/**
 * A page drawn with data: the route it is shown on, and the samples to draw it with, tried in this order; `answer`
 * is what the page's query makes of a sample's response (by default its body), when it reads more than the body.
 */
export interface DataPictureDeclaration {
  route: string;
  samples: PictureContext[];
  answer?: (sample: PictureContext) => unknown;
}

/** Each job's rendering, or the error it threw. */
async function prerender(root: string, jobs: PrerenderJob[]): Promise<Array<RenderedFirstPaint | Error>> {
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
    const { renderFirstPaint } = (await server.ssrLoadModule(
      RENDERER,
    )) as typeof import('./first-paint-render');
    const rendered: Array<RenderedFirstPaint | Error> = [];
    for (const { module, data, params = {}, search = new URLSearchParams(), ...options } of jobs) {
      try {
        const { default: Component, pageQuery } = (await server.ssrLoadModule(
          `/${module.replace(/^\.\//, '')}`,
        )) as { default: ComponentType; pageQuery?: PageQuery };
        if (data !== undefined && !pageQuery) throw new Error('a page drawn with data must export pageQuery');
        const query = data === undefined ? undefined : pageQuery!(params, options.member?.uid, search);
        // An infinite query's cache holds its pages: the answer is the first.
        const cached =
          query && isInfiniteQuery(query) ? { pages: [data], pageParams: [query.initialPageParam] } : data;
        const queries: FirstPaintOptions['queries'] = query ? [[query.queryKey as QueryKey, cached]] : [];
        rendered.push(renderFirstPaint(Component, { ...options, queries }));
      } catch (error) {
        rendered.push(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return rendered;
  } finally {
    await server.close();
  }
}

/**
 * The SSR server serves imported files from their source path ('/src/assets/hero.webp'); the picture must name the
 * built files. Every source path is replaced by `base` + the built file; one the build did not emit is an error.
 */
function withBuiltAssets(
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

/**
 * A remote's plugin: prerenders the named exposed pages ('./Home') into mf-manifest.json (`firstPaint`), and draws
 * the pages with data once for each of their samples into a file per page that the manifest names (`dataPictures`,
 * data-picture.ts); the shell's head start reads both.
 */
export function publishFirstPaints(
  exposes: Record<string, string>,
  pages: string[],
  dataPictures: Record<string, DataPictureDeclaration> = {},
): Plugin {
  let root = '';
  const moduleOf = (page: string, fail: (message: string) => never) =>
    exposes[page] ?? fail(`first paint: ${page} is not exposed`);
  return {
    name: 'heritage-publish-first-paints',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const fail = (message: string): never => this.error(message);
        const drawn = Object.entries(dataPictures).flatMap(([page, { route, samples, answer }]) =>
          samples.map((sample) => ({ page, sample, route, data: answer ? answer(sample) : sample.data })),
        );
        if (pages.length === 0 && drawn.length === 0) return;
        const rendered = await prerender(root, [
          // A page's links do not depend on the location; '/' stands in for the route the shell gives it.
          ...pages.map((page) => ({ module: moduleOf(page, fail), withGlobalStyle: false, path: '/' })),
          ...drawn.map(({ page, route, sample, data }) => {
            const { path, params } = markedRoute(route);
            // The page's URL query as the sample has it: a blank parameter is one the URL leaves out.
            const search = new URLSearchParams(
              Object.entries(sample.search ?? {}).filter(([, value]) => value !== ''),
            );
            return {
              module: moduleOf(page, fail),
              withGlobalStyle: false,
              route,
              path: search.size ? `${path}?${search}` : path,
              params,
              search,
              member: (sample.member ?? null) as FirstPaintOptions['member'],
              data,
            };
          }),
        ]);
        const published = (result: RenderedFirstPaint | Error, page: string) => {
          // A page whose first render needs the browser is still a page: it just shows no picture first.
          if (result instanceof Error) {
            this.warn(`first paint: ${page} threw while prerendering: ${result.message}`);
            return null;
          }
          return withBuiltAssets(
            `<style>${result.css}</style>${result.html}`,
            bundle,
            FIRST_PAINT_BASE,
            fail,
          );
        };
        const firstPaint: ManifestFirstPaint['firstPaint'] = {};
        pages.forEach((page, index) => {
          const html = published(rendered[index]!, page);
          if (html !== null) firstPaint[page.replace(/^\.\//, '')] = html;
        });
        const pictures = new Map<string, DataPicture[]>();
        const unpublished = new Set<string>();
        drawn.forEach(({ page, sample }, index) => {
          // React hoists a preload for an image of high priority; the head start preloads it, with its srcset.
          const html = published(rendered[pages.length + index]!, page)?.replace(
            /<link rel="preload"[^>]*>/g,
            '',
          );
          if (html == null) unpublished.add(page);
          else pictures.set(page, [...(pictures.get(page) ?? []), { sample, html }]);
        });
        // Each page's pictures in a file of their own, which the head start fetches beside the page's API request:
        // in the manifest they would be read on every page's way to its code.
        const pictureFiles: Required<ManifestDataPictures>['dataPictures'] = {};
        for (const [page, drawings] of pictures) {
          // All of a page's samples or none: with one missing, its answers would fit a later, wider sample.
          if (unpublished.has(page)) continue;
          const name = page.replace(/^\.\//, '');
          const file = this.emitFile({
            type: 'asset',
            name: `pictures-${name}.json`,
            source: JSON.stringify(drawings),
          });
          pictureFiles[name] = this.getFileName(file);
        }
        extendManifest(bundle, { firstPaint, dataPictures: pictureFiles }, (message) =>
          this.error(`first paint: ${message}`),
        );
      },
    },
  };
}

/**
 * The shell's plugin: prerenders `layoutModule` (the layout around a loading page) into index.html's #root, inert
 * and marked with FIRST_PAINT_ATTRIBUTE, with its styles in the head under the same mark. `memberHeader` draws the
 * layout's header (its module's default export) for a member, once per sample (data-picture.ts), into a JSON block
 * marked MEMBER_HEADER_ATTRIBUTE: the head start puts the one the member fits in place of the header.
 */
export function prerenderLayout(
  layoutModule: string,
  memberHeader?: { module: string; samples: PictureContext[] },
): Plugin {
  let root = '';
  return {
    name: 'heritage-prerender-layout',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        const samples = memberHeader?.samples ?? [];
        const [layout, ...headers] = await prerender(root, [
          { module: layoutModule, withGlobalStyle: true, path: '/__first-paint' },
          ...samples.map(({ member }) => ({
            module: memberHeader!.module,
            withGlobalStyle: false,
            path: '/__first-paint',
            member: member as FirstPaintOptions['member'],
          })),
        ]);
        const fail = (message: string): never => {
          throw new Error(message);
        };
        const built = (markup: string) => (bundle ? withBuiltAssets(markup, bundle, '/', fail) : markup);
        const rendered = (result: RenderedFirstPaint | Error | undefined): RenderedFirstPaint => {
          if (result instanceof Error) throw result;
          return result!;
        };
        const rootTag = '<div id="root"></div>';
        if (!html.includes(rootTag)) fail(`first paint: index.html has no ${rootTag}`);
        const pictures: DataPicture[] = headers.map((header, index) => ({
          sample: samples[index]!,
          html: built(`<style>${rendered(header).css}</style>${rendered(header).html}`),
        }));
        // JSON in HTML: every '<' escaped, so no text in it can end the block.
        const memberHeaders = pictures.length
          ? `<script type="application/json" ${MEMBER_HEADER_ATTRIBUTE}>${JSON.stringify(pictures).replace(/</g, '\\u003c')}</script>`
          : '';
        return html
          .replace('</head>', `<style ${FIRST_PAINT_ATTRIBUTE}>${rendered(layout).css}</style></head>`)
          .replace(
            rootTag,
            `<div id="root" ${FIRST_PAINT_ATTRIBUTE} inert>${built(rendered(layout).html)}</div>${memberHeaders}`,
          );
      },
    },
  };
}

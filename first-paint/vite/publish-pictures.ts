/**
 * A remote's plugin (`publishPictures`): prerenders the public pages it names into its mf-manifest.json
 * (`firstPaint`), and draws its pages with data once for each of their samples into a file per page that the manifest
 * names (`dataPictures`, head-start/picture.ts). The head start puts the route's picture into the shell's
 * prerendered layout as soon as the manifest has arrived; the live page replaces it in one commit once its code has
 * loaded (the hand-over). A page that throws while prerendering fails the build: its picture would be missing.
 */
import { FIRST_PAINT_BASE } from '../marks.ts';
import type { FirstPaintManifest } from '../head-start/manifest.ts';
import { mark, type Picture } from '../head-start/picture.ts';
import type { Plugin } from 'vite';
import { prerender, withBuiltAssets } from './prerender.ts';
import type { PageRoutes } from './remote.ts';
import type { PictureOptions, RenderedPicture } from './render.tsx';

/** A route pattern's parameters as marks ('/artifact-details/:id' → id: mark('params.id')), and its path with them. */
function markedRoute(route: string): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const path = route.replace(/:(\w+)/g, (_, name: string) => (params[name] = mark(`params.${name}`)));
  return { path, params };
}

/** Prerenders the pages whose route says `firstPaint.prerendered`, and draws those with `firstPaint.pictures`. */
export function publishPictures(routes: PageRoutes, published: FirstPaintManifest): Plugin {
  let root = '';
  return {
    name: 'first-paint-publish-pictures',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // Before the federation plugin's, which writes the manifest (remote.ts).
      order: 'pre',
      async handler(_options, bundle) {
        const fail = (message: string): never => this.error(message);
        const pages = [...routes].flatMap(([page, { firstPaint }]) =>
          firstPaint?.prerendered ? [page] : [],
        );
        const drawn = [...routes].flatMap(([page, { path: route, firstPaint }]) =>
          (firstPaint?.pictures?.samples ?? []).map((sample) => {
            const answer = firstPaint?.pictures?.answer;
            return { page, sample, route, data: answer ? answer(sample) : sample.data };
          }),
        );
        if (pages.length === 0 && drawn.length === 0) return;
        const rendered = await prerender(root, [
          // A page's links do not depend on the location; '/' stands in for the route the shell gives it.
          ...pages.map((page) => ({ module: routes.get(page)!.module, withGlobalStyle: false, path: '/' })),
          ...drawn.map(({ page, route, sample, data }) => {
            const { path, params } = markedRoute(route);
            // The page's URL query as the sample has it: a blank parameter is one the URL leaves out.
            const search = new URLSearchParams(
              Object.entries(sample.search ?? {}).filter(([, value]) => value !== ''),
            );
            return {
              module: routes.get(page)!.module,
              withGlobalStyle: false,
              route,
              path: search.size ? `${path}?${search}` : path,
              params,
              search,
              member: (sample.member ?? null) as PictureOptions['member'],
              data,
            };
          }),
        ]);
        // A page that throws while prerendering fails the build: it would ship without its picture, unnoticed.
        const picture = (result: RenderedPicture | Error, page: string): string => {
          if (result instanceof Error)
            return fail(`first paint: ${page} threw while prerendering: ${result.message}`);
          return withBuiltAssets(
            `<style>${result.css}</style>${result.html}`,
            bundle,
            FIRST_PAINT_BASE,
            fail,
          );
        };
        const firstPaint: FirstPaintManifest['firstPaint'] = {};
        pages.forEach(
          (page, index) => (firstPaint[page.replace(/^\.\//, '')] = picture(rendered[index]!, page)),
        );
        const pictures = new Map<string, Picture[]>();
        drawn.forEach(({ page, sample }, index) => {
          // React hoists a preload for an image of high priority; the head start preloads it, with its srcset.
          const html = picture(rendered[pages.length + index]!, page).replace(
            /<link rel="preload"[^>]*>/g,
            '',
          );
          pictures.set(page, [...(pictures.get(page) ?? []), { sample, html }]);
        });
        // Each page's pictures in a file of their own, which the head start fetches beside the page's API request:
        // in the manifest they would be read on every page's way to its code.
        const pictureFiles: Required<FirstPaintManifest>['dataPictures'] = {};
        for (const [page, drawings] of pictures) {
          const name = page.replace(/^\.\//, '');
          const file = this.emitFile({
            type: 'asset',
            name: `pictures-${name}.json`,
            source: JSON.stringify(drawings),
          });
          pictureFiles[name] = this.getFileName(file);
        }
        Object.assign(published, { firstPaint, dataPictures: pictureFiles });
      },
    },
  };
}

/**
 * A remote's plugin: publishes the images each page paints first (head-start/manifest.ts, ImagePreload) in its
 * manifest, with their built file names. The head start reads the manifest while the shell's own code downloads and
 * preloads them with the page's chunks, so the page's largest paint no longer waits for the page to render first.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { FirstPaintManifest, ImagePreload } from '../head-start/manifest.ts';
import type { PageRoutes } from './remote.ts';

export function publishImagePreloads(routes: PageRoutes, published: FirstPaintManifest): Plugin {
  let root = '';
  return {
    name: 'first-paint-publish-image-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // Before the federation plugin's, which writes the manifest (remote.ts).
      order: 'pre',
      handler(_options, bundle) {
        const builtFile = new Map(
          Object.values(bundle).flatMap((file) =>
            file.type === 'asset'
              ? file.originalFileNames.map((name) => [resolve(root, name), file.fileName] as const)
              : [],
          ),
        );
        const built = (file: string) =>
          builtFile.get(resolve(root, file)) ??
          this.error(`image preloads: ${file} is not a file of this build (or small enough to be inlined)`);
        published.imagePreloads = Object.fromEntries(
          [...routes].flatMap(([page, { firstPaint }]) => {
            const images: ImagePreload[] = firstPaint?.images ?? [];
            if (images.length === 0) return [];
            return [
              [
                page.replace(/^\.\//, ''),
                images.map(({ srcset, ...rest }) => ({
                  ...rest,
                  srcset: srcset.map(([file, descriptor]): [string, string?] =>
                    descriptor ? [built(file), descriptor] : [built(file)],
                  ),
                })),
              ],
            ];
          }),
        );
      },
    },
  };
}

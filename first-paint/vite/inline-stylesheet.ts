import type { Plugin, Rollup } from 'vite';
import { HELD_BACK_ATTRIBUTE } from '../marks.ts';

/**
 * Puts the stylesheet of the shell's `entry` module (a path from its root) into index.html: it is the fonts'
 * @font-face rules, under 1 KB, and as a file it was one more render-blocking request between the HTML and the first
 * paint (a round trip on a slow link). The file is dropped from the build, and from its chunks' CSS (Vite's metadata),
 * or the entry's import would load it as a stylesheet. It is held back (media="print") until the head start starts
 * the shell's code, so the fonts do not take the bandwidth of a prerendered page's images.
 */
export function inlineStylesheet(entry: string): Plugin {
  return {
    name: 'first-paint-inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle = {} }) {
        // The entry's chunk and, as the federation plugin bootstraps it, the chunk of its own code ('?mf-...').
        const chunks = Object.values(bundle).filter(
          (file): file is Rollup.OutputChunk =>
            file.type === 'chunk' && !!file.facadeModuleId?.replace(/\?.*/, '').endsWith(`/${entry}`),
        );
        return chunks.flatMap(({ viteMetadata }) =>
          [...(viteMetadata?.importedCss ?? [])].map((fileName) => {
            const source = String((bundle[fileName] as Rollup.OutputAsset).source);
            viteMetadata!.importedCss.delete(fileName);
            delete bundle[fileName];
            return {
              tag: 'style',
              attrs: { media: 'print', [HELD_BACK_ATTRIBUTE]: true },
              children: source,
              injectTo: 'head' as const,
            };
          }),
        );
      },
    },
  };
}

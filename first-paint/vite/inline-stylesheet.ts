import type { Plugin } from 'vite';
import { HELD_BACK_ATTRIBUTE } from '../marks.ts';

/**
 * Puts index.html's own stylesheet into the page: it is the fonts' @font-face rules, under 1 KB, and as a file it was
 * one more render-blocking request between the HTML and the first paint (a round trip on a slow link). The file is
 * dropped from the build: nothing else refers to it. It is held back (media="print") until the head start
 * starts the shell's code, so the fonts do not take the bandwidth of a prerendered page's images.
 */
export function inlineStylesheet(): Plugin {
  return {
    name: 'first-paint-inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        html.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g, (link, fileName: string) => {
          const asset = bundle?.[fileName];
          if (asset?.type !== 'asset') return link;
          delete bundle![fileName];
          return `<style media="print" ${HELD_BACK_ATTRIBUTE}>${String(asset.source)}</style>`;
        }),
    },
  };
}

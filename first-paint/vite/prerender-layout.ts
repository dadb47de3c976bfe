/**
 * The shell's plugin: index.html carries a prerendered picture of the layout (navigation bar, a spinner where the
 * page goes, footer), so the first screen needs no JavaScript; the head start puts the page's picture into it.
 */
import type { Plugin } from 'vite';
import { FIRST_PAINT_ATTRIBUTE, MEMBER_HEADER_ATTRIBUTE } from '../marks.ts';
import type { Picture, PictureContext } from '../head-start/picture.ts';
import { prerender, withBuiltAssets } from './prerender.ts';
import type { PictureOptions, RenderedPicture } from './render.tsx';

/**
 * The shell's plugin: writes index.html's #root (the page names none) with `layoutModule` (the layout around a
 * loading page) prerendered in it, inert and marked with FIRST_PAINT_ATTRIBUTE, and its styles in the head under the
 * same mark. `memberHeader` draws the layout's header (its module's default export) for a member, once per sample
 * (head-start/picture.ts), into a JSON block marked MEMBER_HEADER_ATTRIBUTE: the head start puts the one the member
 * fits in place of the header.
 */
export function prerenderLayout(
  layoutModule: string,
  memberHeader?: { module: string; samples: PictureContext[] },
): Plugin {
  let root = '';
  return {
    name: 'first-paint-prerender-layout',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, { bundle = {} }) {
        const samples = memberHeader?.samples ?? [];
        const [layout, ...headers] = (
          await prerender(root, [
            { module: layoutModule, withGlobalStyle: true, path: '/__first-paint' },
            ...samples.map(({ member }) => ({
              module: memberHeader!.module,
              withGlobalStyle: false,
              path: '/__first-paint',
              member: member as PictureOptions['member'],
            })),
          ])
        ).map((result): RenderedPicture => {
          if (result instanceof Error) throw result;
          return result;
        });
        const built = (markup: string) =>
          withBuiltAssets(markup, bundle, '/', (message) => {
            throw new Error(message);
          });
        const pictures: Picture[] = headers.map((header, index) => ({
          sample: samples[index]!,
          html: built(`<style>${header.css}</style>${header.html}`),
        }));
        return [
          {
            tag: 'div',
            attrs: { id: 'root', [FIRST_PAINT_ATTRIBUTE]: true, inert: true },
            children: built(layout!.html),
            injectTo: 'body-prepend',
          },
          { tag: 'style', attrs: { [FIRST_PAINT_ATTRIBUTE]: true }, children: layout!.css, injectTo: 'head' },
          ...(pictures.length
            ? [
                {
                  tag: 'script',
                  attrs: { type: 'application/json', [MEMBER_HEADER_ATTRIBUTE]: true },
                  // JSON in HTML: every '<' escaped, so no text in it can end the block.
                  children: JSON.stringify(pictures).replace(/</g, '\\u003c'),
                  injectTo: 'body' as const,
                },
              ]
            : []),
        ];
      },
    },
  };
}

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
 * The shell's plugin: prerenders `layoutModule` (the layout around a loading page) into index.html's #root, inert
 * and marked with FIRST_PAINT_ATTRIBUTE, with its styles in the head under the same mark. `memberHeader` draws the
 * layout's header (its module's default export) for a member, once per sample (head-start/picture.ts), into a JSON block
 * marked MEMBER_HEADER_ATTRIBUTE: the head start puts the one the member fits in place of the header.
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
      async handler(html, { bundle }) {
        const rootTag = '<div id="root"></div>';
        if (!html.includes(rootTag)) throw new Error(`first paint: index.html has no ${rootTag}`);
        const samples = memberHeader?.samples ?? [];
        const rendered = await prerender(root, [
          { module: layoutModule, withGlobalStyle: true, path: '/__first-paint' },
          ...samples.map(({ member }) => ({
            module: memberHeader!.module,
            withGlobalStyle: false,
            path: '/__first-paint',
            member: member as PictureOptions['member'],
          })),
        ]);
        const failed = rendered.find((result) => result instanceof Error);
        if (failed) throw failed;
        const [layout, ...headers] = rendered as [RenderedPicture, ...RenderedPicture[]];
        const fail = (message: string): never => {
          throw new Error(message);
        };
        const built = (markup: string) => (bundle ? withBuiltAssets(markup, bundle, '/', fail) : markup);
        const pictures: Picture[] = headers.map(({ css, html }, index) => ({
          sample: samples[index]!,
          html: built(`<style>${css}</style>${html}`),
        }));
        const layoutHtml = built(layout.html);
        return {
          html: html.replace(rootTag, `<div id="root" ${FIRST_PAINT_ATTRIBUTE} inert>${layoutHtml}</div>`),
          tags: [
            {
              tag: 'style',
              attrs: { [FIRST_PAINT_ATTRIBUTE]: true },
              children: layout.css,
              injectTo: 'head',
            },
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
          ],
        };
      },
    },
  };
}

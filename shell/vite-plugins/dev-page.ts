import type { Plugin } from 'vite';

/**
 * index.html names neither the root nor the entry: the build writes the root with the prerendered layout in it
 * (first-paint/vite/prerender-layout.ts), and the head start starts the entry (head-start.ts). The dev server has
 * neither, so the page gets them here, the entry as a module script for the federation plugin to wrap (listed
 * before it, so its own 'pre' hook sees the script).
 */
export function devPage(entry: string): Plugin {
  return {
    name: 'heritage-dev-page',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [
        { tag: 'div', attrs: { id: 'root' }, injectTo: 'body-prepend' },
        { tag: 'script', attrs: { type: 'module', src: `/${entry}` }, injectTo: 'body' },
      ],
    },
  };
}

import type { Plugin } from 'vite';
import type { ExpectedPages } from '../head-start/expected-page.ts';
import type { HeadStartSettings, ShellCode } from '../head-start/settings.ts';
import { expectedPages } from './expected-pages.ts';
import { headStartScript } from './head-start-script.ts';
import { shellCode } from './shell-code.ts';

/**
 * The shell's settings for its head start; `entry`, the shell's entry module (from its root), a build input of its
 * own; `firebase`, the modules it imports Firebase through; `remoteRoots`, the remotes' apps, whose route modules the
 * build reads for its guess of their pages.
 */
export interface HeadStartOptions extends Omit<HeadStartSettings, 'shellCode' | 'expectedPages'> {
  entry: string;
  firebase: { session: string; auth: string };
  remoteRoots: string[];
}

/**
 * The shell's plugin: writes the head start (head-start/entry.ts, bundled by head-start-script.ts) inline into
 * index.html's head, with the route table's remote pages, so the first route's remote starts loading before the
 * shell's own JavaScript. remotes.json, the first link of that chain, is preloaded ahead of everything. index.html
 * names no script of its own: the head start starts the shell's code (`ShellCode`, read from the bundle), when the
 * page's first paint allows. The remotes.json the build writes (`builtRemotes`) goes in too, as the script's guess of
 * where the route's manifest is, and the remotes' pages as their route modules declare them, as its guess of the page
 * (expectedPages).
 */
export function headStart({ entry, firebase, remoteRoots, ...settings }: HeadStartOptions): Plugin {
  let base = '/';
  let code: ShellCode | undefined;
  let expected: ExpectedPages | undefined;
  return {
    name: 'first-paint-head-start',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async buildStart() {
      expected = await expectedPages(remoteRoots);
    },
    // Here, not in transformIndexHtml (which runs after it, in Vite's own generateBundle): the federation chain needs
    // the modules' dynamic imports (getModuleInfo), which only a plugin hook's context offers.
    generateBundle(_options, bundle) {
      code = shellCode(bundle, { entry, firebase }, (id) => this.getModuleInfo(id), base);
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'link',
          attrs: { rel: 'preload', href: '/remotes.json', as: 'fetch', crossorigin: '' },
          injectTo: 'head-prepend',
        },
        {
          tag: 'script',
          children: headStartScript({ ...settings, shellCode: code!, expectedPages: expected! }),
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

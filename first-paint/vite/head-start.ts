import type { Plugin, Rollup } from 'vite';
import type { HeadStartSettings, ShellCode } from '../head-start/settings.ts';
import { expectedPages } from './expected-pages.ts';
import { headStartScript } from './head-start-script.ts';

/** Stands in the inline script for the shell's code until the bundle is written (`ShellCode`): a string, quoted. */
const SHELL_CODE_PLACEHOLDER = '%HERITAGE_SHELL_CODE%';
const SHELL_CODE_MARK = JSON.stringify(SHELL_CODE_PLACEHOLDER);

/**
 * The URLs (on the build's `base`) of the files a dynamic import of `module` (a path from the shell's root) loads
 * beyond `loaded`: its chunk and the chunks that chunk imports, as Vite's own preload of that import would list them.
 * The same URLs the shell's own imports resolve to, so the head start's import of one is the same module instance.
 */
function chunksOfDynamicImport(
  bundle: Rollup.OutputBundle,
  module: string,
  loaded: string[],
  base: string,
): string[] {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName) || loaded.includes(`${base}${fileName}`)) return;
    files.add(fileName);
    chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
  };
  if (start) visit(start.fileName);
  return [...files].map((fileName) => `${base}${fileName}`);
}

/**
 * The shell's settings for its head start; `firebase`, the modules (from its root) it imports Firebase through;
 * `remoteRoots`, the remotes' apps, whose route modules the build reads for its guess of their pages.
 */
export interface HeadStartOptions extends Omit<HeadStartSettings, 'shellCode' | 'expectedPages'> {
  firebase: { session: string; auth: string };
  remoteRoots: string[];
}

/**
 * The shell's plugin: writes the head start (head-start/entry.ts, bundled by head-start-script.ts) inline into
 * index.html's head, with the route table's remote pages, so the first route's remote starts loading before the
 * shell's own JavaScript. remotes.json, the first link of that chain, is preloaded ahead of everything. Once the
 * bundle is complete (after preloadFederationChain, listed before this plugin, has added its hints), the shell's
 * entry script and modulepreload tags move out of the page and into the inline script's `ShellCode`, which starts
 * them. The remotes.json the build writes (`builtRemotes`) goes in too, as the script's guess of where the route's
 * manifest is, and the remotes' pages as their route modules declare them, as its guess of the page (expectedPages).
 */
export function headStart({ firebase, remoteRoots, ...settings }: HeadStartOptions): Plugin {
  let script = '';
  let base = '/';
  return {
    name: 'first-paint-head-start',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async buildStart() {
      script = headStartScript({
        ...settings,
        shellCode: SHELL_CODE_PLACEHOLDER as unknown as ShellCode,
        expectedPages: await expectedPages(remoteRoots),
      });
    },
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preload', href: '/remotes.json', as: 'fetch', crossorigin: '' },
        injectTo: 'head-prepend',
      },
      { tag: 'script', children: script, injectTo: 'head-prepend' },
    ],
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') return;
        const entries: string[] = [];
        const preloads: string[] = [];
        const page = html.source
          .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
            entries.push(src);
            return '';
          })
          .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
            preloads.push(href);
            return '';
          });
        if (entries.length !== 1 || !page.includes(SHELL_CODE_MARK))
          this.error(
            `index.html: expected one entry script and the inline script, found ${entries.length} entries`,
          );
        const loaded = [...entries, ...preloads];
        const sessionChunks = chunksOfDynamicImport(bundle, firebase.session, loaded, base);
        const authChunks = chunksOfDynamicImport(bundle, firebase.auth, loaded, base);
        if (!sessionChunks[0] || authChunks.length === 0)
          this.error(`index.html: no chunk of ${firebase.session} or ${firebase.auth} in the bundle`);
        const shellCode: ShellCode = {
          entry: entries[0]!,
          preloads,
          firebaseSession: sessionChunks[0],
          identityProvider: [...new Set([...sessionChunks, ...authChunks])],
        };
        html.source = page.replace(SHELL_CODE_MARK, JSON.stringify(shellCode));
      },
    },
  };
}

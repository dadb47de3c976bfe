import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/**
 * Preloads (<link rel="modulepreload"> in index.html) the modules the shell provides to the federation's share scope
 * (React, React DOM, styled-components, zustand, the kit) and what they import. @module-federation/vite preloads its
 * host init's chunks but leaves these out (a remote could provide a share instead; here the shell's are the
 * singletons every page uses). The share scope imports them one after another as each resolves, so without the
 * preload a first visit on a slow link waited a round trip for each: a dozen requests in a row before the page's
 * remote was even asked for (bench/results/web-readings.md, 2026-11-30).
 */
export function preloadShares(): Plugin {
  let base = '/';
  return {
    name: 'heritage-preload-shares',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
      const source = html.source;
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      // The plugin's chunk names (1.23.x): without its share map a page still works, only slower, so a build says so.
      const shareMap = [...chunks.values()].find((chunk) => chunk.name.includes('localSharedImportMap'));
      if (!shareMap) this.warn("no share map chunk: the shell's shared modules are not preloaded");
      const seeds = [
        ...(shareMap?.dynamicImports ?? []),
        ...[...chunks.values()]
          .filter(({ name }) => name === 'pendingShares')
          .map(({ fileName }) => fileName),
      ];
      const hrefs = staticClosure(seeds, chunks).map((file) => `${base}${file}`);
      const links = hrefs
        .filter((href) => !source.includes(`href="${href}"`))
        .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
        .join('');
      html.source = source.replace('</head>', `${links}</head>`);
    },
  };
}

/** The files and everything they import statically, each once. */
function staticClosure(seeds: readonly string[], chunks: Map<string, OutputChunk>): string[] {
  const seen = new Set<string>();
  const queue = [...seeds];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || !chunks.has(file)) continue;
    seen.add(file);
    queue.push(...chunks.get(file)!.imports);
  }
  return [...seen];
}

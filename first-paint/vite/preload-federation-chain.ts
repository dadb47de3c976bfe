import { posix } from 'node:path';
import type { Plugin } from 'vite';

/** Modules the federation plugin generates (host init, share map, loadShare wrappers): their imports are its chain. */
const FEDERATION_GLUE = /virtual:mf/;

/**
 * The shell's first paint waits on a chain the federation runtime discovers one step at a time: hostInit loads the
 * container, the container the share map, the share map each shared package's chunk. The browser learns each
 * step's files only when the step before has run. This hints every chunk of that chain in index.html
 * (modulepreload), so they download in one round trip (the shell's inline head start decides when that is). The app's own lazy boundaries (pages, Firebase) stay
 * lazy: only dynamic imports the federation plugin wrote are followed.
 */
export function preloadFederationChain(): Plugin {
  return {
    name: 'first-paint-preload-federation-chain',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') return;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        // A dynamic import of a module bundled into another chunk loads a facade chunk of its own (a re-export):
        // that facade is what the browser fetches, so it wins over the chunk that holds the module.
        const chunkOfModule = new Map([
          ...chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)),
          ...chunks.flatMap((chunk) =>
            chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [],
          ),
        ]);
        const hinted = new Set(
          [...html.source.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]!),
        );
        const reached = new Set<string>();
        const queue = chunks.filter((chunk) => hinted.has(chunk.fileName));
        // The plugin's bootstrap script is an asset that imports its steps by path, out of the bundler's sight.
        for (const file of hinted) {
          const script = bundle[file];
          if (script?.type !== 'asset' || typeof script.source !== 'string') continue;
          for (const match of script.source.matchAll(/"\.\/([^"]+\.js)"/g)) {
            const imported = bundle[posix.join(posix.dirname(file), match[1]!)];
            if (imported?.type === 'chunk') queue.push(imported);
          }
        }
        for (let chunk = queue.pop(); chunk; chunk = queue.pop()) {
          if (reached.has(chunk.fileName)) continue;
          reached.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = bundle[file];
            if (imported?.type === 'chunk') queue.push(imported);
          }
          for (const id of chunk.moduleIds.filter((moduleId) => FEDERATION_GLUE.test(moduleId))) {
            for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
              const imported = chunkOfModule.get(target);
              if (imported) queue.push(imported);
            }
          }
        }
        const links = [...reached]
          .filter((file) => !hinted.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        html.source = html.source.replace('</head>', `${links.join('')}</head>`);
      },
    },
  };
}

/**
 * A build check on the federation plugin's share map (its virtual:mf-localSharedImportMap module: the packages an app
 * provides to the page's share scope): every package the app's code loads as shared, through one of the plugin's
 * loadShare modules, must be in it. One left out has no provider at run time, and the code that imports it reads its
 * exports as undefined. @module-federation/vite 1.23.0 could write such a map, timing alone deciding (its parse
 * barrier called the graph complete before the shell's entry had loaded its code): the shell's build then left out
 * react/jsx-runtime and react-dom/client, said nothing, and no page left its picture.
 */
import type { Plugin, Rollup } from 'vite';

const SHARE_MAP = 'virtual:mf-localSharedImportMap';
/** The package of a loadShare module, in its id as the plugin encodes it (`react_mf_1_jsx_mf_2_runtime`). */
const LOAD_SHARE = /__loadShare__(.+?)__loadShare__/;
/** Each share of the map's `usedShared` object, a JSON string. */
const SHARE_NAME = /^\s*name: ("(?:[^"\\]|\\.)*"),$/gm;
const DECODED: Array<[RegExp, string]> = [
  [/_mf_0_/g, '@'],
  [/_mf_1_/g, '/'],
  [/_mf_2_/g, '-'],
  [/_mf_3_/g, '.'],
];

const decode = (encoded: string) => DECODED.reduce((name, [code, char]) => name.replace(code, char), encoded);

/** The packages `chunks` load as shared that the share map (`mapSource`, its generated code) leaves out. */
export function sharesMissingFromMap(mapSource: string, chunks: readonly Rollup.OutputChunk[]): string[] {
  const provided = new Set(
    [...mapSource.matchAll(SHARE_NAME)].map(([, name]) => JSON.parse(name!) as string),
  );
  const loaded = new Set(
    chunks.flatMap((chunk) => chunk.moduleIds.flatMap((id) => LOAD_SHARE.exec(id)?.[1] ?? []).map(decode)),
  );
  if (loaded.size > 0 && provided.size === 0)
    throw new Error(
      `no share found in the share map: has the federation plugin's ${SHARE_MAP} changed its form?`,
    );
  return [...loaded].filter((name) => !provided.has(name)).sort();
}

/** The check, as a plugin of the build: it fails the build that would ship an incomplete share map. */
export function completeShareMap(): Plugin {
  let mapSource = '';
  return {
    name: 'heritage-complete-share-map',
    apply: 'build',
    // The server entry (remoteEntry.ssr.js) takes its shares from the host's share scope: it has no share map.
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transform(code, id) {
      if (id.includes(SHARE_MAP)) mapSource = code;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const missing = sharesMissingFromMap(mapSource, chunks);
      if (missing.length > 0)
        this.error(
          `the federation's share map leaves out ${missing.join(', ')}, which the code loads as shared: at run time ` +
            'nothing would provide them (see site-config/complete-share-map.ts)',
        );
    },
  };
}

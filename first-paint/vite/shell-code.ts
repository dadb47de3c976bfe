/**
 * The shell's own code as the head start starts it (head-start/settings.ts, ShellCode), read from the bundle: its
 * entry chunk, the chunks to modulepreload with it, and the identity provider's.
 */
import type { Rollup } from 'vite';
import type { ShellCode } from '../head-start/settings.ts';

/** Modules the federation plugin generates (host init, share map, loadShare wrappers): their imports are its chain. */
const FEDERATION_GLUE = /virtual:mf/;

type Chunks = Rollup.OutputChunk[];
type ModuleInfo = (id: string) => Rollup.ModuleInfo | null;

/**
 * The chunks the entry loads before the shell renders. The entry is the federation plugin's bootstrap: it imports
 * hostInit, which loads the container, the container the share map, the share map each shared package's chunk, and
 * only then the shell's own code. The browser would learn each step's files only when the step before has run; the
 * head start preloads them all at once, in the order the chain reaches them. The app's own lazy boundaries (pages,
 * Firebase) stay lazy: only the bootstrap's dynamic imports and those the federation plugin wrote are followed.
 */
function federationChain(chunks: Chunks, entry: Rollup.OutputChunk, moduleInfo: ModuleInfo): string[] {
  // A dynamic import of a module bundled into another chunk loads a facade chunk of its own (a re-export): that
  // facade is what the browser fetches, so it wins over the chunk that holds the module.
  const chunkOfModule = new Map([
    ...chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)),
    ...chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [])),
  ]);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reached = new Set<string>();
  const queue = [entry, ...entry.dynamicImports.flatMap((file) => byFile.get(file) ?? [])];
  for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
    if (reached.has(chunk.fileName)) continue;
    reached.add(chunk.fileName);
    queue.push(...chunk.imports.flatMap((file) => byFile.get(file) ?? []));
    for (const id of chunk.moduleIds.filter((moduleId) => FEDERATION_GLUE.test(moduleId)))
      queue.push(
        ...(moduleInfo(id)?.dynamicallyImportedIds ?? []).flatMap(
          (target) => chunkOfModule.get(target) ?? [],
        ),
      );
  }
  reached.delete(entry.fileName);
  return [...reached];
}

/**
 * The files a dynamic import of `module` (a path from the shell's root) loads beyond `loaded`: its chunk and the
 * chunks that chunk imports, as Vite's own preload of that import would list them. The same URLs the shell's own
 * imports resolve to, so the head start's import of one is the same module instance.
 */
function chunksOfDynamicImport(chunks: Chunks, module: string, loaded: Set<string>): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName) || loaded.has(fileName)) return;
    files.add(fileName);
    chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
  };
  const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));
  if (start) visit(start.fileName);
  return [...files];
}

/** The shell's code in `bundle`, its URLs on `base`; `entry` and `firebase`'s modules are paths from its root. */
export function shellCode(
  bundle: Rollup.OutputBundle,
  { entry, firebase }: { entry: string; firebase: { session: string; auth: string } },
  moduleInfo: ModuleInfo,
  base: string,
): ShellCode {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const entryChunk = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(`/${entry}`));
  if (!entryChunk) throw new Error(`head start: no entry chunk of ${entry} in the bundle`);
  const preloads = federationChain(chunks, entryChunk, moduleInfo);
  const loaded = new Set([entryChunk.fileName, ...preloads]);
  const session = chunksOfDynamicImport(chunks, firebase.session, loaded);
  const auth = chunksOfDynamicImport(chunks, firebase.auth, loaded);
  if (!session[0] || auth.length === 0)
    throw new Error(`head start: no chunk of ${firebase.session} or ${firebase.auth} in the bundle`);
  const url = (fileName: string) => `${base}${fileName}`;
  return {
    entry: url(entryChunk.fileName),
    preloads: preloads.map(url),
    firebaseSession: url(session[0]),
    identityProvider: [...new Set([...session, ...auth])].map(url),
  };
}

/**
 * A remote's pages, found by their route modules: each folder of `src/pages` that holds `<folder>.route.ts` is one
 * exposed page, named in PascalCase after the folder ('artifact-details' → './ArtifactDetails'), whose component is
 * `<folder>-page.tsx` beside it. Adding a page to a remote is adding such a folder; everything else (exposes, the
 * manifest's `pages`, the shell's routes, the standalone page) is derived from the route module
 * (shared-ui/src/shell-remote-contract.ts, PageRoute).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PAGES_DIR = 'src/pages';

export interface RemotePage {
  /** The exposed name, './ArtifactDetails'. */
  expose: string;
  /** The route module and the page module, from the app's root. */
  route: string;
  module: string;
}

const pascalCase = (folder: string) =>
  folder.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());

export function remotePages(appRoot: string): RemotePage[] {
  return readdirSync(join(appRoot, PAGES_DIR), { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(join(appRoot, PAGES_DIR, entry.name, `${entry.name}.route.ts`)),
    )
    .map(({ name }) => ({
      expose: `./${pascalCase(name)}`,
      route: `./${PAGES_DIR}/${name}/${name}.route.ts`,
      module: `./${PAGES_DIR}/${name}/${name}-page.tsx`,
    }));
}

/** The federation plugin's `exposes`: each page's component module by its exposed name. */
export const exposesOf = (pages: readonly RemotePage[]): Record<string, string> =>
  Object.fromEntries(pages.map(({ expose, module }) => [expose, module]));

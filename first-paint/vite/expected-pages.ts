/**
 * The remotes' pages as their route modules declare them, read by the shell's build for its head start's guess
 * (head-start/expected-page.ts), as the remotes' own builds read them for their manifests (remote.ts). Not from the
 * remotes' built manifests: `pnpm build` builds the shell beside the remotes, so theirs may not be written yet, or be
 * an older build's.
 */
import { join } from 'node:path';
import { remotePages } from 'shared-ui/vite-config/pages';
import { expectedPagesOf, type ExpectedPages } from '../head-start/expected-page.ts';
import type { PageRoute } from '../page-route.ts';
import { loadModules } from './prerender.ts';

/** The guess for the remotes whose apps are at `roots`; an error names a route module that did not load. */
export async function expectedPages(roots: readonly string[]): Promise<ExpectedPages> {
  const routes: PageRoute[] = [];
  for (const root of roots) {
    const files = remotePages(root).map(({ route }) => route);
    const loaded = await loadModules<{ default: PageRoute }>(root, files);
    for (const [index, result] of loaded.entries()) {
      if (result instanceof Error) throw new Error(`${join(root, files[index]!)}: ${result.message}`);
      routes.push(result.default);
    }
  }
  return expectedPagesOf(routes);
}

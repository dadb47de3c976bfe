import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { afterAll, expect, it } from 'vitest';
import { SHELL_REMOTE_CONTRACT_VERSION } from 'shared-ui/shell-remote-contract';
import { remotePages } from './pages.ts';
import { publishedPages } from './published-pages.ts';

const app = mkdtempSync(join(tmpdir(), 'published-pages-'));
afterAll(() => rmSync(app, { recursive: true, force: true }));

/** A page folder as a team writes it: its route module, and a page module the build never loads to publish it. */
function page(folder: string, route: string) {
  mkdirSync(join(app, 'src/pages', folder), { recursive: true });
  writeFileSync(join(app, 'src/pages', folder, `${folder}.route.ts`), route);
  writeFileSync(
    join(app, 'src/pages', folder, `${folder}-page.tsx`),
    "throw new Error('not for the build');\n",
  );
}

it("publishes each route module's path and handle in the manifest, with the contract's version", async () => {
  page(
    'visiting-hours',
    `export default { path: '/visiting-hours', lazy: () => import('./visiting-hours-page.tsx'), handle: { title: 'Visiting Hours' } };\n`,
  );
  page(
    'my-visits',
    `export default { path: '/my-visits', lazy: () => import('./my-visits-page.tsx'), handle: { title: 'My Visits', loginToast: 'Please login' } };\n`,
  );
  const { plugin, additionalData } = publishedPages(remotePages(app));
  await (plugin.configResolved as (config: ResolvedConfig) => Promise<void>)({
    root: app,
    command: 'build',
  } as ResolvedConfig);
  const manifest = (await additionalData({ stats: { name: 'mf_test' } } as never)) as Record<string, unknown>;
  expect(manifest).toEqual({
    name: 'mf_test',
    pages: {
      MyVisits: { path: '/my-visits', title: 'My Visits', loginToast: 'Please login' },
      VisitingHours: { path: '/visiting-hours', title: 'Visiting Hours' },
    },
    shellRemoteContract: SHELL_REMOTE_CONTRACT_VERSION,
  });
});

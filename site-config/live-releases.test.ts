import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { releasesDir, shellDist } from './live-releases.ts';

/** The repository's root, as git sees it: where pnpm-workspace.yaml is. */
const ROOT = resolve(import.meta.dirname, '..');

describe("the site's folders by default", () => {
  it('are under the repository root, as `pnpm start` and `pnpm start:production` use them', () => {
    expect(existsSync(join(ROOT, 'pnpm-workspace.yaml'))).toBe(true);
    expect(shellDist({})).toBe(join(ROOT, 'shell', 'dist'));
    expect(releasesDir({})).toBe(join(ROOT, 'releases'));
  });

  it('are the ones the environment names, relative to the repository root', () => {
    expect(shellDist({ SHELL_DIST: 'e2e/.stack-builds/failures-shell' })).toBe(
      join(ROOT, 'e2e', '.stack-builds', 'failures-shell'),
    );
    expect(releasesDir({ RELEASES_DIR: '/srv/releases' })).toBe('/srv/releases');
  });
});

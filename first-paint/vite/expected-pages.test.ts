// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathPattern } from '../head-start/page-route.ts';
import type { PageRoute } from '../page-route.ts';
import { expectedPages } from './expected-pages.ts';

const app = (dir: string) => fileURLToPath(new URL(`../../${dir}`, import.meta.url));

describe("the shell's build: its guess of the remotes' pages", () => {
  it('reads each page from its route module: prerendered, members only, or neither, and its early request', async () => {
    const guess = await expectedPages([app('mf-catalogue'), app('mf-account')]);
    const requestOf = async (route: string) =>
      ((await import(/* @vite-ignore */ app(route))) as { default: PageRoute }).default.firstPaint
        ?.earlyRequest;
    expect(guess[pathPattern('/')]).toEqual({
      prerendered: true,
      request: await requestOf('mf-catalogue/src/pages/home/home.route.ts'),
    });
    expect(guess[pathPattern('/about')]).toEqual({ prerendered: true });
    expect(guess[pathPattern('/all-artifacts')]).toEqual({
      request: await requestOf('mf-catalogue/src/pages/all-artifacts/all-artifacts.route.ts'),
    });
    expect(guess[pathPattern('/artifact-details/:id')]).toEqual({
      membersOnly: true,
      request: expect.objectContaining({ path: '/api/artifacts/:id', withToken: true }),
    });
    expect(guess[pathPattern('/profile')]).toMatchObject({ membersOnly: true });
    expect(guess[pathPattern('/my-artifacts')]).toBeUndefined();
  });

  it('fails the build on a route module that does not load, naming it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'first-paint-'));
    try {
      mkdirSync(join(root, 'src/pages/broken'), { recursive: true });
      writeFileSync(join(root, 'src/pages/broken/broken.route.ts'), "throw new Error('no route');\n");
      await expect(expectedPages([root])).rejects.toThrow(/broken\.route\.ts: no route/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTES } from './apps.ts';
import { REMOTE_ASSET_BASE, remoteConfig } from './federation.ts';

// remoteConfig reads the app it builds from the working directory, as its build does.
const cwd = process.cwd();
const catalogue = ['mf-catalogue', '../mf-catalogue']
  .map((dir) => resolve(cwd, dir))
  .find((dir) => existsSync(dir))!;
beforeAll(() => process.chdir(catalogue));
afterAll(() => process.chdir(cwd));

const serverBuild = (): UserConfig =>
  remoteConfig(REMOTES.mf_catalogue, { command: 'build', isSsrBuild: true });

describe("a remote's server build (vite build --ssr, remoteEntry.ssr.js)", () => {
  it('goes beside the browser build and leaves to Node only what the host shares', () => {
    const config = serverBuild();
    expect(config.build).toMatchObject({ ssr: true, emptyOutDir: false });
    const bundled = config.ssr?.noExternal as RegExp;
    for (const name of ['react-slick', 'sweetalert2', 'artifact-model', 'reactive-thing'])
      expect(bundled.test(name), name).toBe(true);
    for (const name of [
      'react',
      'react/jsx-runtime',
      'react-dom/server',
      'styled-components',
      'shared-ui',
      'zustand',
    ])
      expect(bundled.test(name), name).toBe(false);
    expect(bundled.test('@module-federation/runtime')).toBe(false);
  });

  it("writes an asset's URL from the remote's live release address, which the render process knows", () => {
    const renderBuiltUrl = serverBuild().experimental!.renderBuiltUrl!;
    const url = renderBuiltUrl('assets/hero-960.webp', {
      ssr: true,
      type: 'asset',
      hostId: 'hero-slide.tsx',
      hostType: 'js',
    }) as { runtime: string };
    const base = (remote: string) => `https://cdn.test/${remote}/releases/1.3.2/`;
    const evaluate = new Function(
      REMOTE_ASSET_BASE,
      `const globalThis = { ${REMOTE_ASSET_BASE} }; return ${url.runtime};`,
    );
    expect(evaluate(base)).toBe('https://cdn.test/mf_catalogue/releases/1.3.2/assets/hero-960.webp');
    // The browser build keeps Vite's own (relative to remoteEntry.js).
    expect(
      renderBuiltUrl('assets/hero-960.webp', { ssr: false, type: 'asset', hostId: 'x', hostType: 'js' }),
    ).toBeUndefined();
  });
});

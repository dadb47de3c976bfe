// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { publishPictures } from './publish-pictures.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Runs the plugin's bundle step on an app at `root` whose './Page' is `source`, as the build would. */
async function publish(source: string): Promise<Rollup.OutputBundle> {
  root = mkdtempSync(join(tmpdir(), 'first-paint-'));
  writeFileSync(join(root, 'page.ts'), source);
  const plugin = publishPictures(
    new Map([
      ['./Page', { path: '/page', title: 'Page', module: './page.ts', firstPaint: { prerendered: true } }],
    ]),
  );
  (plugin.configResolved as (config: { root: string }) => void)({ root });
  const bundle = {
    'mf-manifest.json': { type: 'asset', source: '{}', originalFileNames: [] },
  } as unknown as Rollup.OutputBundle;
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const { handler } = plugin.generateBundle as { handler: (...args: unknown[]) => Promise<void> };
  await handler.call(context, {}, bundle);
  return bundle;
}

describe('publishPictures', () => {
  it("publishes a prerendered page's picture in the manifest", async () => {
    const bundle = await publish("export default function Page() { return 'Preserve the Past'; }");
    const manifest = JSON.parse(String((bundle['mf-manifest.json'] as Rollup.OutputAsset).source));
    expect(manifest.firstPaint.Page).toContain('Preserve the Past');
  }, 30_000);

  it('fails the build when a page throws while prerendering, naming it', async () => {
    await expect(
      publish("export default function Page() { throw new Error('needs the browser'); }"),
    ).rejects.toThrow('first paint: ./Page threw while prerendering: needs the browser');
  }, 30_000);
});

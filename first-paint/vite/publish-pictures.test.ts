// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import type { FirstPaintManifest } from '../head-start/manifest.ts';
import { publishPictures } from './publish-pictures.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Runs the plugin's bundle step on an app at `root` whose './Page' is `source`, as the build would: what it publishes. */
async function publish(source: string): Promise<FirstPaintManifest> {
  root = mkdtempSync(join(tmpdir(), 'first-paint-'));
  writeFileSync(join(root, 'page.ts'), source);
  const published: FirstPaintManifest = {};
  const plugin = publishPictures(
    new Map([
      ['./Page', { path: '/page', title: 'Page', module: './page.ts', firstPaint: { prerendered: true } }],
    ]),
    published,
  );
  (plugin.configResolved as (config: { root: string }) => void)({ root });
  const bundle = {} as Rollup.OutputBundle;
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const { handler } = plugin.generateBundle as { handler: (...args: unknown[]) => Promise<void> };
  await handler.call(context, {}, bundle);
  return published;
}

describe('publishPictures', () => {
  it("publishes a prerendered page's picture for the manifest", async () => {
    const published = await publish("export default function Page() { return 'Preserve the Past'; }");
    expect(published.firstPaint?.Page).toContain('Preserve the Past');
  }, 30_000);

  it('fails the build when a page throws while prerendering, naming it', async () => {
    await expect(
      publish("export default function Page() { throw new Error('needs the browser'); }"),
    ).rejects.toThrow('first paint: ./Page threw while prerendering: needs the browser');
  }, 30_000);
});

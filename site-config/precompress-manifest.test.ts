import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { precompressManifest } from './static-serving.ts';

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'hv-precompress-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const manifest = (metaData: object) =>
  JSON.stringify({ metaData, exposes: Array.from({ length: 100 }, (_, i) => ({ name: `Page${i}` })) });

it("writes the manifest's compressed copies again after the server build has named its server entry in it", () => {
  // As the browser build leaves dist/: the manifest and its copies, without ssrRemoteEntry.
  writeFileSync(join(dist, 'mf-manifest.json.br'), 'stale');
  writeFileSync(join(dist, 'mf-manifest.json.gz'), 'stale');
  // The server build's federation plugin rewrites the manifest itself.
  const withServerEntry = manifest({ ssrRemoteEntry: { name: 'remoteEntry.ssr.js', path: '' } });
  writeFileSync(join(dist, 'mf-manifest.json'), withServerEntry);

  const plugin = precompressManifest();
  (plugin.configResolved as (config: ResolvedConfig) => void)({
    root: dist,
    build: { outDir: '.' },
  } as ResolvedConfig);
  (plugin.closeBundle as () => void)();

  expect(brotliDecompressSync(readFileSync(join(dist, 'mf-manifest.json.br'))).toString()).toBe(
    withServerEntry,
  );
  expect(gunzipSync(readFileSync(join(dist, 'mf-manifest.json.gz'))).toString()).toBe(withServerEntry);
});

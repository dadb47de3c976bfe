import type { Rollup } from 'vite';

/** Adds `fields` to the mf-manifest.json of a remote's bundle, as the federation plugin wrote it. */
export function extendManifest(
  bundle: Rollup.OutputBundle,
  fields: Record<string, unknown>,
  fail: (message: string) => never,
): void {
  const manifest = bundle['mf-manifest.json'];
  if (manifest?.type !== 'asset') fail('the build wrote no mf-manifest.json');
  const data = JSON.parse(String(manifest.source)) as Record<string, unknown>;
  manifest.source = JSON.stringify({ ...data, ...fields });
}

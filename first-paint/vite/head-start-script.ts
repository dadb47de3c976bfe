/**
 * The inline script index.html's head starts with: head-start/entry.ts and what it imports, bundled by esbuild into
 * one minified script, with `settings` in place of HEAD_START_SETTINGS. The head start's plugin (head-start.ts)
 * writes it into the page; its tests run it as the browser will.
 */
import { buildSync } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HeadStartSettings } from '../head-start/settings.ts';

// From the module's path as a string: in the component tests `URL` is the DOM's, which node:url does not take.
const ENTRY = join(dirname(fileURLToPath(import.meta.url)), '..', 'head-start', 'entry.ts');

export function headStartScript(settings: HeadStartSettings): string {
  const { outputFiles } = buildSync({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: { HEAD_START_SETTINGS: JSON.stringify(settings) },
    logLevel: 'silent',
  });
  return outputFiles[0]!.text.trim();
}

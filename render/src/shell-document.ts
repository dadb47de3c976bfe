/**
 * The shell's built index.html as the frame of every page: its head without the title and description (each page
 * writes its own), and its body. A page rendered on the server (#53) has the same head without the head start (the
 * inline script that draws a client-rendered page's first paint and then starts the shell's code) and the first
 * paint's styles, and names the shell's entry itself (from the build's manifest).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderedPage } from './render-page.ts';

export interface ShellDocument {
  /** Everything before the page's own head elements. */
  start: string;
  /** The same, for a page rendered on the server; none when the build names no entry. */
  serverStart?: string;
  /** From the end of the head to the body's content. */
  middle: string;
  body: string;
  end: string;
}

/** The shell build's manifest (vite's `build.manifest`), which names its entry's files. */
export const SHELL_BUILD_MANIFEST = '.vite/manifest.json';
/** The shell's entry module, as the manifest keys it. */
const SHELL_ENTRY = 'src/main.tsx';

const TITLE = /\s*<title>[\s\S]*?<\/title>/;
/** The head start: the head's one inline script, without attributes. */
const HEAD_START = /\s*<script>[\s\S]*?<\/script>/;
const FIRST_PAINT_STYLE = /\s*<style data-first-paint[^>]*>[\s\S]*?<\/style>/;
const DESCRIPTION = /\s*<meta\s+name="description"[\s\S]*?\/?>/;
const FRAME = /^([\s\S]*?)(\s*<\/head>\s*<body[^>]*>)([\s\S]*)(<\/body>[\s\S]*)$/;

interface BuiltChunk {
  file: string;
  imports?: string[];
}

/** The entry's script and a modulepreload of each module it imports at once (so none waits for the one before). */
export function entryTags(manifest: Record<string, BuiltChunk>): string {
  const entry = manifest[SHELL_ENTRY];
  if (!entry) throw new Error(`the shell's build manifest has no ${SHELL_ENTRY}`);
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  return [
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...[...preloads].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ]
    .map((tag) => `    ${tag}\n`)
    .join('');
}

export function parseShellDocument(html: string, manifest?: Record<string, BuiltChunk>): ShellDocument {
  const frame = FRAME.exec(html.replace(TITLE, '').replace(DESCRIPTION, ''));
  if (!frame) throw new Error("the shell's index.html has no </head> followed by a <body>");
  const [, start, middle, body, end] = frame as unknown as [string, string, string, string, string];
  return {
    start: `${start}\n`,
    ...(manifest && {
      serverStart: `${start.replace(HEAD_START, '').replace(FIRST_PAINT_STYLE, '')}\n${entryTags(manifest)}`,
    }),
    middle,
    body,
    end,
  };
}

export function readShellDocument(dist: string): ShellDocument {
  const manifest = join(dist, SHELL_BUILD_MANIFEST);
  return parseShellDocument(
    readFileSync(join(dist, 'index.html'), 'utf8'),
    existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, BuiltChunk>)
      : undefined,
  );
}

/** The page's HTML: the shell's frame (for a client-rendered page, or a server-rendered one), its head and body. */
export const documentHtml = (shell: ShellDocument, page: Pick<RenderedPage, 'head' | 'body' | 'rendered'>) =>
  `${(page.rendered && shell.serverStart) || shell.start}${page.head}${shell.middle}${page.body}${shell.end}`;

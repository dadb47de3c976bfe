/**
 * The shell's built index.html as the frame of every page: its head without the title and description (each page
 * writes its own), and its body. Its head names the shell's entry (vite's build writes its script and modulepreloads)
 * and holds its stylesheet, the same for a page rendered on the server and for one rendered in the browser.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderedPage } from './render-page.ts';

export interface ShellDocument {
  /** Everything before the page's own head elements. */
  start: string;
  /** From the end of the head to the body's content. */
  middle: string;
  body: string;
  end: string;
}

const TITLE = /\s*<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /\s*<meta\s+name="description"[\s\S]*?\/?>/;
const FRAME = /^([\s\S]*?)(\s*<\/head>\s*<body[^>]*>)([\s\S]*)(<\/body>[\s\S]*)$/;

export function parseShellDocument(html: string): ShellDocument {
  const frame = FRAME.exec(html.replace(TITLE, '').replace(DESCRIPTION, ''));
  if (!frame) throw new Error("the shell's index.html has no </head> followed by a <body>");
  const [, start, middle, body, end] = frame as unknown as [string, string, string, string, string];
  return { start: `${start}\n`, middle, body, end };
}

/** A stylesheet of the build, `/assets/…css` (the shell's base is `/`). */
const STYLESHEET = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g;

/**
 * The build's stylesheets written into the head (the font faces, under 1 KB): a page is painted only once its
 * stylesheets are in, and on a slow link that file shared the link with the shell's JavaScript and came in 0.7 s
 * after the page (bench/results/web-readings.md). Their `url()`s are absolute, so they read the same inline.
 */
export const inlineStylesheets = (html: string, readAsset: (file: string) => string) =>
  html.replace(STYLESHEET, (_link, file: string) => `<style>${readAsset(file)}</style>`);

export const readShellDocument = (dist: string): ShellDocument =>
  parseShellDocument(
    inlineStylesheets(readFileSync(join(dist, 'index.html'), 'utf8'), (file) =>
      readFileSync(join(dist, file), 'utf8'),
    ),
  );

/** The page's HTML: the shell's frame, the page's head and its body (the shell's, or the page's rendered). */
export const documentHtml = (shell: ShellDocument, page: Pick<RenderedPage, 'head' | 'body'>) =>
  `${shell.start}${page.head}${shell.middle}${page.body}${shell.end}`;

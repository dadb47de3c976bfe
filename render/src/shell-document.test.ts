import { describe, expect, it } from 'vitest';
import { documentHtml, parseShellDocument } from './shell-document.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <link rel="preload" href="/remotes.json" as="fetch" crossorigin="">
    <script>startHeadStart()</script>
    <meta charset="UTF-8" />
    <title>Heritage Vault</title>
    <style media="print" data-held-back>@font-face{}</style>
    <style data-first-paint>.picture{}</style>
  </head>
  <body>
    <div id="root" data-first-paint inert><header>picture</header></div>
  </body>
</html>
`;
/** As vite writes it: the entry's chunk, importing one that imports another (and itself back). */
const MANIFEST = {
  'src/main.tsx': { file: 'assets/bootstrap-A1.js', imports: ['_main.js'] },
  '_main.js': { file: 'assets/main-B2.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-C3.js', imports: ['_main.js'] },
};

describe("the shell's document", () => {
  const shell = parseShellDocument(INDEX, MANIFEST);

  it('frames a client-rendered page as the build wrote it: the head start, the first paint', () => {
    const html = documentHtml(shell, { head: '<title>About</title>', body: '<div id="root"></div>' });
    expect(html).toContain('<script>startHeadStart()</script>');
    expect(html).toContain('<style data-first-paint>');
  });

  it("frames a server-rendered page without the head start and the first paint's styles, naming the entry itself", () => {
    const html = documentHtml(shell, {
      head: '<title>About</title>',
      body: '<div id="root"><main>About</main></div>',
      rendered: true,
    });
    expect(html).not.toContain('startHeadStart');
    expect(html).not.toContain('data-first-paint');
    expect(html).toContain('<style media="print" data-held-back>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/bootstrap-A1.js"></script>');
    expect(html.match(/rel="modulepreload"[^>]*/g)).toEqual([
      'rel="modulepreload" crossorigin href="/assets/main-B2.js" /',
      'rel="modulepreload" crossorigin href="/assets/react-C3.js" /',
    ]);
    expect(html).toMatch(/<body>\s*<div id="root"><main>About<\/main><\/div><\/body>/);
  });

  it('has no server frame for a build that names no entry (its pages are client-rendered)', () => {
    expect(parseShellDocument(INDEX).serverStart).toBeUndefined();
  });
});

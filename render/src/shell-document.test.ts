import { describe, expect, it } from 'vitest';
import { documentHtml, inlineStylesheets, parseShellDocument } from './shell-document.ts';

/** As vite builds shell/index.html: the entry's script, its modulepreloads and stylesheet in the head. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The site." />
    <title>Heritage Vault</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe("the shell's document", () => {
  const shell = parseShellDocument(INDEX);

  it("frames a page with the build's head, the page's own title and description instead of the site's", () => {
    const html = documentHtml(shell, {
      head: '<title>About - Heritage Vault</title>',
      body: '<div id="root"></div>',
    });
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>About - Heritage Vault</title>']);
    expect(html).not.toContain('The site.');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A1.js"></script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D4.css">');
  });

  it("puts a page rendered on the server in the body, with no inline script of the shell's", () => {
    const html = documentHtml(shell, {
      head: '<title>About</title>',
      body: '<div id="root"><main>About</main></div>',
    });
    expect(html).toMatch(/<body>\s*<div id="root"><main>About<\/main><\/div><\/body>/);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it("writes the build's stylesheets into the head, so the first paint waits for no request but the page's", () => {
    const read: string[] = [];
    const html = inlineStylesheets(INDEX, (file) => {
      read.push(file);
      return '@font-face{font-family:Lato;src:url(/assets/lato-D5.woff2)format("woff2")}';
    });
    expect(read).toEqual(['assets/index-D4.css']);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain(
      '<style>@font-face{font-family:Lato;src:url(/assets/lato-D5.woff2)format("woff2")}</style>\n  </head>',
    );
    // The rest of the head as the build wrote it.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-C3.js">');
  });
});

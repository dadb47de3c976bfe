import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { pageSecurityHeaders, withBodyScripts } from './page-security.ts';

const sha = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
const headers = pageSecurityHeaders({
  html: '<head><script>headStart()</script></head>',
  apiUrl: 'http://localhost:3000',
  remoteUrls: ['http://localhost:5174/mf-manifest.json'],
});
const scriptSrc = (policy: string) => /script-src ([^;]*)/.exec(policy)![1]!.split(' ');

it("allows a server-rendered body's own inline scripts by their hash, beside the build's", () => {
  const body =
    '<div id="root"></div><script>$RC("B:0","S:0")</script><script type="application/json">{}</script>';
  const policy = withBodyScripts(headers, body)['Content-Security-Policy']!;
  expect(scriptSrc(policy)).toEqual([
    "'self'",
    'http://localhost:5174',
    'https://apis.google.com',
    sha('headStart()'),
    sha('$RC("B:0","S:0")'),
    sha('{}'),
  ]);
  // The rest of the policy as it was.
  expect(policy.replace(/script-src [^;]*/, '')).toBe(
    headers['Content-Security-Policy']!.replace(/script-src [^;]*/, ''),
  );
});

it('leaves a body without inline scripts to the build’s policy', () => {
  expect(withBodyScripts(headers, '<div id="root"><main>About</main></div>')).toBe(headers);
});

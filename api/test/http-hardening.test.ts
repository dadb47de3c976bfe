/**
 * What the API sends besides its data: helmet's security headers on JSON, images and /docs, and the one error shape
 * for the refusals Fastify and Node make on their own (405 with Allow, 431, a malformed request). Over real HTTP and
 * raw sockets, against PGlite (no answer here depends on the database).
 */
import { connect } from 'node:net';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGES_DIR } from '../src/http/static-images.ts';
import { startTestApi, type TestApi } from './support/api-harness.ts';
import { signUp, type TestUser } from './support/auth.ts';

let server: TestApi;

beforeAll(async () => {
  server = await startTestApi('pglite');
});
afterAll(async () => {
  await server?.close();
});

/** Sends `request` as it is and returns everything the server answered before closing. */
function rawExchange(request: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describe('security headers', () => {
  const expectHardened = (headers: Headers) => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  };

  it('JSON allows nothing to run or frame it', async () => {
    const response = await fetch(`${server.url}/api/artifacts?limit=1`);
    expect(response.status).toBe(200);
    expectHardened(response.headers);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it("images may be shown by the site's pages on other origins", async () => {
    const image = readdirSync(IMAGES_DIR)[0]!;
    const response = await fetch(`${server.url}/images/${image}`);
    expect(response.status).toBe(200);
    expectHardened(response.headers);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it("/docs gets a policy of its own: swagger-ui's scripts from the API only", async () => {
    const response = await fetch(`${server.url}/docs/static/index.html`);
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('refusals carry them too', async () => {
    const response = await fetch(`${server.url}/api/artifacts`, { method: 'POST' });
    expect(response.status).toBe(401);
    expectHardened(response.headers);
  });
});

describe('the one error shape for refusals the framework makes', () => {
  it.each([
    '/api/artifacts/0badc0de-0000-4000-8000-000000000000',
    '/artifacts/0badc0de-0000-4000-8000-000000000000/',
  ])('a method a path does not have is a 405 that says which it has: PUT %s', async (path) => {
    const response = await fetch(`${server.url}${path}`, { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE');
    expect(await response.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^PUT is not allowed on .*: use GET, HEAD, PATCH, DELETE$/),
    });
  });

  it('a path no method has is still a 404', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`, { method: 'PUT' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Route PUT /api/no-such-thing not found',
    });
  });

  it('headers over the limit are a 431 in the same shape', async () => {
    const answer = await rawExchange(
      `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(answer)).toEqual({
      success: false,
      message: expect.stringContaining('headers are too large'),
    });
  });

  it('a request that is not HTTP is a 400 in the same shape', async () => {
    const answer = await rawExchange('HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ success: false, message: 'Malformed HTTP request' });
  });
});

describe('paths and queries that are not valid text (issue 54)', () => {
  it.each([
    '/api/artifacts/%ff',
    '/artifacts/%E0%A4%A',
    '/api/artifacts/user/%ed%a0%80',
    '/api/artifacts/%zz',
  ])('a path whose escapes are not UTF-8 is a 400 in the same shape: %s', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^The path .* is not valid: /),
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['bytes that are not UTF-8', 'q=%ff'],
    ['a lone surrogate, sent as its UTF-8-like bytes', 'q=%ed%a0%80'],
    ['a lone surrogate among text', 'q=ros%ed%b2%80etta&limit=5'],
  ])('q holding %s is a 400 naming q, not a search', async (_, query) => {
    const response = await fetch(`${server.url}/api/artifacts?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      success: boolean;
      message: string;
      errors?: { field: string }[];
    };
    expect(body).toMatchObject({ success: false, errors: [{ field: 'q' }] });
    expect(body.message).toMatch(/\bq\b/);
  });

  it('q in UTF-8 is still searched', async () => {
    const response = await fetch(`${server.url}/api/artifacts?q=${encodeURIComponent('Rosetta é')}`);
    expect(response.status).toBe(200);
  });
});

describe('how fast one client may write', () => {
  let limited: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  const artifact = (name: string) => ({
    name,
    image: 'https://example.org/amphora.jpg',
    type: 'Pottery',
    historicalContext: 'Stored olive oil for a household.',
    description: 'A two-handled clay jar.',
    createdAt: '500 BC',
    discoveredAt: '1901',
    discoveredBy: 'A farmer',
    presentLocation: 'A village museum',
  });
  const add = (
    user: TestUser | null,
    name: string,
    shape = '/api',
    { server = limited, forwardedFor }: { server?: TestApi; forwardedFor?: string } = {},
  ) =>
    fetch(`${server.url}${shape}/artifacts`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(user ? { Authorization: `Bearer ${user.token}` } : {}),
        ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
      },
      body: JSON.stringify(artifact(name)),
    });

  beforeAll(async () => {
    limited = await startTestApi('pglite', { WRITE_LIMIT_PER_MEMBER: '3', WRITE_LIMIT_PER_ADDRESS: '4' });
    [alice, bob] = await Promise.all([signUp('Alice Limited'), signUp('Bob Limited')]);
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("a member's burst is answered 429 with Retry-After, in both path shapes; another member and reads go on", async () => {
    for (const [i, shape] of ['/api', '', '/api'].entries())
      expect((await add(alice, `Jar ${i}`, shape)).status).toBe(201);

    for (const shape of ['/api', '']) {
      const refused = await add(alice, 'One jar too many', shape);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({
        success: false,
        message: expect.stringMatching(/^Too many changes: at most 3 a minute\. Try again in .+\.$/),
      });
    }

    expect((await add(bob, "Bob's jar")).status).toBe(201);
    const mine = await fetch(`${limited.url}/api/artifacts/user/me`, {
      headers: { Authorization: `Bearer ${alice.token}` },
    });
    expect(mine.status).toBe(200);
    // Nothing of the refused writes was stored.
    expect(((await mine.json()) as { name: string }[]).map((a) => a.name).sort()).toEqual([
      'Jar 0',
      'Jar 1',
      'Jar 2',
    ]);
  });

  it('writes without a valid token are counted per address', async () => {
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await add(null, 'Anonymous jar')).status);
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    // With no proxy trusted, an address a client claims for itself changes nothing.
    expect((await add(null, 'Anonymous jar', '/api', { forwardedFor: '203.0.113.9' })).status).toBe(429);
    // A member's own counter is another.
    expect((await add(bob, "Bob's second jar")).status).toBe(201);
  });

  it('behind a trusted proxy (TRUST_PROXY), the address it forwards is the one counted', async () => {
    const proxied = await startTestApi('pglite', { WRITE_LIMIT_PER_ADDRESS: '2', TRUST_PROXY: 'loopback' });
    try {
      const from = (forwardedFor: string) =>
        add(null, 'Anonymous jar', '/api', { server: proxied, forwardedFor }).then((r) => r.status);
      expect([await from('203.0.113.7'), await from('203.0.113.7'), await from('203.0.113.7')]).toEqual([
        401, 401, 429,
      ]);
      // Another client behind the same proxy has a counter of its own.
      expect(await from('203.0.113.8')).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

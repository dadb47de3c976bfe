/**
 * Both path shapes from one registration (http/api-path-shapes.ts): every API route, from the one list the API
 * registers them by, answers the same with and without /api; what is not an API route is not served under /api. Over
 * real HTTP against PGlite, without tokens (each answer here is the same for any database).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/api-harness.ts';

let server: TestApi;

beforeAll(async () => {
  server = await startTestApi('pglite');
});
afterAll(async () => {
  await server?.close();
});

/** A path of the route's shape: parameters filled with values that reach its handler or its own refusal. */
const pathOf = (url: string) =>
  url
    .replace(':id', '5f0c1a2e-8b1d-4c3e-9a7f-0d6e2b4c8a10')
    .replace(':who', 'me')
    .replace(':file', '768.webp');

/** What a request answered, with the times that change from one call to the next left out. */
async function answerOf(method: string, url: string) {
  const withBody = method === 'POST' || method === 'PATCH';
  const response = await fetch(url, {
    method,
    headers: { origin: 'http://localhost:5173', ...(withBody ? { 'content-type': 'application/json' } : {}) },
    ...(withBody ? { body: '{}' } : {}),
  });
  const body = (await response.text()).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>');
  const headers = [
    'allow',
    'content-type',
    'access-control-allow-origin',
    'access-control-allow-credentials',
  ];
  return {
    status: response.status,
    headers: Object.fromEntries(headers.map((name) => [name, response.headers.get(name)])),
    body,
  };
}

describe('path shapes', () => {
  it('registers every API route once, and each answers the same with and without /api', async () => {
    const routes = server.api.apiRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(new Set(routes.map(({ method, url }) => `${method} ${url}`)).size).toBe(routes.length);
    expect(routes.filter(({ url }) => url.startsWith('/api/'))).toEqual([]);
    for (const { method, url } of routes) {
      const plain = await answerOf(method, `${server.url}${pathOf(url)}`);
      const prefixed = await answerOf(method, `${server.url}/api${pathOf(url)}`);
      expect(prefixed, `${method} /api${url}`).toEqual(plain);
      // Reached the route: its own answer, not the router's 404 or 405.
      expect(plain.body, `${method} ${url}`).not.toMatch(/"message":"(Route |\w+ is not allowed on )/);
    }
  });

  it('lists every call of the OpenAPI document in both shapes, each from a route of the one list', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.keys(document.paths).filter((path) => !path.startsWith('/api/'));
    const listed = new Set(server.api.apiRoutes.map(({ url }) => url.replace(/:(\w+)/g, '{$1}')));
    for (const path of documented.filter((each) => each !== '/health')) {
      expect(listed, path).toContain(path);
      expect(document.paths[`/api${path}`], `/api${path}`).toEqual(document.paths[path]);
    }
    expect(document.paths['/api/health']).toBeUndefined();
  });

  it('serves no other path under /api, and names a refused path as it was sent', async () => {
    for (const path of ['/health', '/metrics', '/openapi.json', '/docs', '/images/rosetta-stone.svg'])
      expect((await fetch(`${server.url}/api${path}`)).status, path).toBe(404);
    const unknown = await fetch(`${server.url}/api/artifacts/x/y`);
    expect(await unknown.json()).toEqual({
      success: false,
      message: 'Route GET /api/artifacts/x/y not found',
    });
    const wrongMethod = await fetch(`${server.url}/api/artifacts/top-liked`, { method: 'PUT' });
    expect(wrongMethod.status).toBe(405);
    expect(((await wrongMethod.json()) as { message: string }).message).toContain(
      'PUT is not allowed on /api/artifacts/top-liked',
    );
    const tooLong = await fetch(`${server.url}/api/artifacts/${'a'.repeat(400)}`);
    expect(tooLong.status).toBe(414);
    expect(((await tooLong.json()) as { message: string }).message).toContain('The path /api/artifacts/aaa');
  });

  it('takes a request in absolute form (http://host/api/...) as in origin form', async () => {
    const { host, port, hostname } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.end(
          `GET http://${host}/api/artifacts/top-liked HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        ),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n', 1)[0]).toBe('HTTP/1.1 200 OK');
  });
});

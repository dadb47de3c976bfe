/**
 * The page session cookie (issue #53 item 2), against the real Auth Emulator: POST /session makes it from a recent
 * sign-in (an older one is a 401 that says so), with its attributes; the render service's check (GET /session with
 * `Authorization: Session <cookie>`) knows the member from it and nobody from a missing, tampered, expired or revoked
 * one, or one whose account was closed; DELETE /session and DELETE /me clear it; it reads as the member and writes
 * nothing; only its routes allow credentialed CORS, for the listed origins.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountProfile } from 'artifact-model/member-data';
import { WRITES_NEED_BEARER } from '../src/auth/member.ts';
import {
  PAGE_SESSION_COOKIE,
  RECENT_SIGN_IN_SECONDS,
  RELEASE_BUCKET_COOKIE,
  SIGN_IN_AGAIN,
} from '../src/session/session-routes.ts';
import { startTestApi, type TestApi } from './support/api-harness.ts';
import { accountAdmin, signUp, tamperedPayload, tamperedSignature, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';

const SITE = 'http://localhost:5173';
const FIVE_DAYS = 5 * 24 * 60 * 60;

let server: TestApi;

beforeAll(async () => {
  server = await startTestApi('pglite', { CORS_ORIGINS: `${SITE},http://localhost:5174` });
});
afterAll(async () => {
  await server?.close();
});

/** The member GET /session answers for `cookie` (as the render service asks), or null for its 401. */
async function memberOfSession(cookie: string | undefined, path = '/api/session') {
  const answer = await http<AccountProfile>(`${server.url}${path}`, {
    headers: cookie === undefined ? {} : { Authorization: `Session ${cookie}` },
  });
  if (answer.status === 401) return null;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  return answer.body;
}

/** The page session cookie's value in an answer's Set-Cookie, and the whole header. */
function setCookieOf(headers: Headers): { value: string; header: string } {
  const header = headers.getSetCookie().find((line) => line.startsWith(`${PAGE_SESSION_COOKIE}=`));
  if (!header) throw new Error(`no ${PAGE_SESSION_COOKIE} cookie set: ${headers.getSetCookie().join(' | ')}`);
  return { value: header.slice(PAGE_SESSION_COOKIE.length + 1).split(';', 1)[0]!, header };
}

async function startSession(user: TestUser, path = '/api/session'): Promise<string> {
  const answer = await http(`${server.url}${path}`, { method: 'POST', headers: user.auth });
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
  return setCookieOf(answer.headers).value;
}

const cookieHeader = (value: string) => `theme=dark; ${PAGE_SESSION_COOKIE}=${value}; other=1`;
const sessionAuth = (cookie: string) => ({ Authorization: `Session ${cookie}` });

describe('POST /session', () => {
  it('sets an httpOnly, SameSite=Lax cookie for 5 days, not Secure on plain-http localhost, on both path shapes', async () => {
    const user = await signUp('Session Member');
    for (const path of ['/api/session', '/session']) {
      const answer = await http(`${server.url}${path}`, { method: 'POST', headers: user.auth });
      expect(answer.status).toBe(204);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const { header } = setCookieOf(answer.headers);
      const attributes = header.split(/;\s*/).slice(1);
      expect(attributes).toEqual(
        expect.arrayContaining([`Max-Age=${FIVE_DAYS}`, 'Path=/', 'HttpOnly', 'SameSite=Lax']),
      );
      expect(attributes).not.toContain('Secure');
      expect(attributes.some((attribute) => attribute.startsWith('Domain='))).toBe(false);
    }
    const { body } = await http<{ paths: Record<string, object> }>(`${server.url}/openapi.json`);
    for (const path of ['/session', '/api/session'])
      expect(Object.keys(body.paths[path] ?? {}), path).toEqual(expect.arrayContaining(['post', 'delete']));
  });

  it("sets the release bucket cookie from the member's account: the same in every browser, another member's apart (#56)", async () => {
    const bucketOf = (headers: Headers) =>
      headers
        .getSetCookie()
        .find((line) => line.startsWith(`${RELEASE_BUCKET_COOKIE}=`))
        ?.slice(RELEASE_BUCKET_COOKIE.length + 1)
        .split(';', 1)[0];
    const member = await signUp('Bucket Member');
    const other = await signUp('Other Bucket Member');
    const post = (user: TestUser) =>
      http(`${server.url}/api/session`, { method: 'POST', headers: user.auth });
    const first = bucketOf((await post(member)).headers);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first).not.toContain(member.uid);
    expect(bucketOf((await post(member)).headers)).toBe(first);
    expect(bucketOf((await post(other)).headers)).not.toBe(first);
  });

  it('is Secure for any other host, and for https through a trusted proxy', async () => {
    const user = await signUp();
    const secureOf = async (app: TestApi, headers: Record<string, string>) => {
      const answer = await app.api.app.inject({
        method: 'POST',
        url: '/api/session',
        headers: { ...user.auth, ...headers },
      });
      expect(answer.statusCode).toBe(204);
      const header = [answer.headers['set-cookie']].flat().join('');
      return header.split(/;\s*/).includes('Secure');
    };
    expect(await secureOf(server, { host: 'heritage.example' })).toBe(true);
    expect(await secureOf(server, { host: 'localhost:3000' })).toBe(false);
    // Not trusted, X-Forwarded-Proto says nothing; behind a trusted proxy it is the protocol.
    expect(await secureOf(server, { host: 'localhost:3000', 'x-forwarded-proto': 'https' })).toBe(false);
    const proxied = await startTestApi('pglite', { TRUST_PROXY: 'loopback' });
    try {
      expect(await secureOf(proxied, { host: 'localhost:3000', 'x-forwarded-proto': 'https' })).toBe(true);
      expect(await secureOf(proxied, { host: 'localhost:3000', 'x-forwarded-proto': 'http' })).toBe(false);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a sign-in older than 5 minutes with a 401 that says to sign in again, and sets nothing', async () => {
    const user = await signUp();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (RECENT_SIGN_IN_SECONDS + 30) * 1000);
      const answer = await http<{ message: string }>(`${server.url}/api/session`, {
        method: 'POST',
        headers: user.auth,
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, message: SIGN_IN_AGAIN });
      expect(answer.headers.getSetCookie()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses no token and a bad token (401), and sets nothing', async () => {
    const noToken: Record<string, string> = {};
    for (const headers of [noToken, { Authorization: 'Bearer not-a-token' }]) {
      const answer = await http(`${server.url}/api/session`, { method: 'POST', headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe('GET /session', () => {
  it('knows the member of a valid cookie, as the account is now, on both path shapes', async () => {
    const user = await signUp('Page Member');
    const cookie = await startSession(user);
    for (const path of ['/api/session', '/session'])
      expect(await memberOfSession(cookie, path)).toEqual({
        uid: user.uid,
        email: user.email,
        displayName: 'Page Member',
        photoURL: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
  });

  it('is a 401 for no cookie, a malformed one, a tampered one, an expired one, or a bearer token', async () => {
    const user = await signUp();
    const cookie = await startSession(user);
    const past = Math.floor(Date.now() / 1000) - 60;
    for (const sent of [
      undefined,
      'not-a-cookie',
      tamperedSignature(cookie),
      tamperedPayload(cookie, { email: 'someone-else@example.test' }),
      tamperedPayload(cookie, { exp: past }),
      'x'.repeat(10_000),
    ]) {
      expect(await memberOfSession(sent), String(sent).slice(0, 80)).toBeNull();
    }
    const bearer = await http(`${server.url}/api/session`, { headers: user.auth });
    expect(bearer.status).toBe(401);
  });

  it('is null once the member is signed out everywhere (revokeRefreshTokens)', async () => {
    const user = await signUp();
    const cookie = await startSession(user);
    expect(await memberOfSession(cookie)).not.toBeNull();
    // Revocation counts sessions signed in before its second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await accountAdmin.revokeSessions(user);
    expect(await memberOfSession(cookie)).toBeNull();
  });

  it('is null once the account is closed (DELETE /me), whose answer clears the cookie', async () => {
    const user = await signUp();
    const cookie = await startSession(user);
    const closed = await http(`${server.url}/api/me`, { method: 'DELETE', headers: user.auth });
    expect(closed.status).toBe(200);
    expect(setCookieOf(closed.headers)).toMatchObject({ value: '' });
    expect(setCookieOf(closed.headers).header).toContain('Max-Age=0');
    expect(await memberOfSession(cookie)).toBeNull();
  });
});

describe('DELETE /session', () => {
  it('clears the cookie on both path shapes, with or without a token, and revokes nothing', async () => {
    const user = await signUp();
    const cookie = await startSession(user);
    for (const path of ['/api/session', '/session']) {
      const answer = await http(`${server.url}${path}`, {
        method: 'DELETE',
        headers: { Cookie: cookieHeader(cookie) },
      });
      expect(answer.status).toBe(204);
      const { value, header } = setCookieOf(answer.headers);
      expect(value).toBe('');
      expect(header.split(/;\s*/)).toEqual(
        expect.arrayContaining(['Max-Age=0', 'Path=/', 'HttpOnly', 'SameSite=Lax']),
      );
    }
    // Another browser's cookie, and the member's token, still hold.
    expect(await memberOfSession(cookie)).not.toBeNull();
    expect((await http(`${server.url}/api/artifacts/user/me`, { headers: user.auth })).status).toBe(200);
  });
});

describe('the cookie reads as the member and writes nothing', () => {
  it("reads the member's own lists and their vote with Authorization: Session, as their bearer token would", async () => {
    const user = await signUp('Reading Member');
    const cookie = await startSession(user);
    const asBearer = await http(`${server.url}/api/artifacts/user/me`, { headers: user.auth });
    const asSession = await http(`${server.url}/api/artifacts/user/me`, { headers: sessionAuth(cookie) });
    expect(asSession.status).toBe(200);
    expect(asSession.body).toEqual(asBearer.body);
    const liked = await http(`${server.url}/artifacts/liked/me`, { headers: sessionAuth(cookie) });
    expect(liked.status).toBe(200);
  });

  it('refuses a write that carries the cookie as a Session credential (401, nothing written)', async () => {
    const user = await signUp();
    const cookie = await startSession(user);
    const write = await http<{ message: string }>(`${server.url}/api/artifacts`, {
      method: 'POST',
      headers: sessionAuth(cookie),
      json: { name: 'Session-borne lamp' },
    });
    expect(write.status).toBe(401);
    expect(write.body.message).toBe(WRITES_NEED_BEARER);
    const closing = await http<{ message: string }>(`${server.url}/api/me`, {
      method: 'DELETE',
      headers: sessionAuth(cookie),
    });
    expect(closing.status).toBe(401);
    expect(await memberOfSession(cookie)).not.toBeNull();
  });
});

describe('the cookie itself is no identity for the API', () => {
  it('refuses a write that carries only the cookie, or the cookie as a bearer token (401)', async () => {
    const user = await signUp();
    const cookie = await startSession(user);
    const artifact = {
      name: 'Cookie-borne lamp',
      image: 'https://example.org/lamp.jpg',
      type: 'Tools',
      historicalContext: 'Lit the way.',
      description: 'Clay.',
      createdAt: '100 AD',
      discoveredAt: '1900',
      discoveredBy: 'A farmer',
      presentLocation: 'Rome',
    };
    const onlyCookie = await http<{ message: string }>(`${server.url}/api/artifacts`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(cookie), Origin: SITE },
      json: artifact,
    });
    expect(onlyCookie.status).toBe(401);
    expect(onlyCookie.body.message).toBe('Missing bearer token');
    const asBearer = await http(`${server.url}/api/artifacts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cookie}` },
      json: artifact,
    });
    expect(asBearer.status).toBe(401);
    const mine = await http(`${server.url}/api/artifacts/user/me`, {
      headers: { Cookie: cookieHeader(cookie) },
    });
    expect(mine.status).toBe(401);
  });
});

describe('CORS', () => {
  const preflight = (path: string, origin: string, method = 'POST') =>
    fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': 'authorization',
      },
    });

  it("allows credentials on the session's routes for the listed origins exactly, and nowhere else", async () => {
    for (const path of ['/api/session', '/session']) {
      for (const method of ['POST', 'DELETE']) {
        const answer = await preflight(path, SITE, method);
        expect(answer.status).toBe(204);
        expect(answer.headers.get('access-control-allow-origin')).toBe(SITE);
        expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
      }
    }
    const stranger = await preflight('/api/session', 'https://evil.example');
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();

    const user = await signUp();
    const made = await http(`${server.url}/api/session`, {
      method: 'POST',
      headers: { ...user.auth, Origin: SITE },
    });
    expect(made.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(made.headers.get('access-control-allow-credentials')).toBe('true');

    // Every other route as before: the origin, without credentials.
    for (const path of ['/api/artifacts', '/api/me']) {
      const answer = await preflight(path, SITE);
      expect(answer.headers.get('access-control-allow-origin')).toBe(SITE);
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const list = await fetch(`${server.url}/api/artifacts?limit=1`, { headers: { Origin: SITE } });
    expect(list.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('with CORS_ORIGINS=*, answers any origin on other routes but none with credentials', async () => {
    const open = await startTestApi('pglite', { CORS_ORIGINS: '*' });
    try {
      const session = await fetch(`${open.url}/api/session`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://any.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(session.headers.get('access-control-allow-origin')).toBeNull();
      expect(session.headers.get('access-control-allow-credentials')).toBeNull();
      const list = await fetch(`${open.url}/api/artifacts?limit=1`, {
        headers: { Origin: 'https://any.example' },
      });
      expect(list.headers.get('access-control-allow-origin')).toBe('https://any.example');
    } finally {
      await open.close();
    }
  });
});

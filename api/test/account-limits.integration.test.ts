/**
 * How the member's own account calls are limited (issue #54): closing the account (DELETE /me) and downloading one's
 * data (GET /me/export, one identity-provider look-up each) each count against a limit of their own, per member,
 * across both path shapes, and neither against the write limit: a member at the write limit can still close their
 * account. The API reaches the Auth Emulator through a proxy that can stall, so closings can fail without closing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNT_CLOSE_LIMIT, DATA_EXPORT_LIMIT } from '../src/account/account-routes.ts';
import { startTestApi, type TestApi } from './support/api-harness.ts';
import { signUp, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';
import { startStallingProxy, type StallingProxy } from './support/stalling-proxy.ts';

const WRITE_LIMIT = 3;
// Short enough for the stalled provider's 503s to come quickly, long enough for a busy machine's real answers (at 1 s
// a CI run's export met its deadline once).
const PROVIDER_TIMEOUT_MS = 4000;

interface Answer {
  success: boolean;
  message: string;
}

let proxy: StallingProxy;
let server: TestApi;
let url: string;
let artifactId: string;

beforeAll(async () => {
  proxy = await startStallingProxy(inject('authEmulatorHost'));
  server = await startTestApi('pglite', {
    FIREBASE_AUTH_EMULATOR_HOST: proxy.host,
    IDENTITY_PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
    WRITE_LIMIT_PER_MEMBER: String(WRITE_LIMIT),
  });
  url = server.url;
  artifactId = (await http<Array<{ _id: string }>>(`${url}/api/artifacts`)).body[0]!._id;
});
afterAll(async () => {
  proxy?.resume();
  await server?.close();
  await proxy?.close();
});

/** The member's writes up to the write limit and one past it: like and dislike in turn. */
async function reachWriteLimit(member: TestUser): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index <= WRITE_LIMIT; index += 1) {
    const action = index % 2 === 0 ? 'like' : 'dislike';
    const vote = await http(`${url}/api/artifacts/${artifactId}/${action}`, {
      method: 'PATCH',
      headers: member.auth,
      json: { userEmail: member.email },
    });
    statuses.push(vote.status);
  }
  return statuses;
}

describe("the member's own account calls, each under a limit of its own", () => {
  it('a member at the write limit can still close their account', async () => {
    const member = await signUp('Limited Closer');
    expect(await reachWriteLimit(member)).toEqual([...Array(WRITE_LIMIT).fill(200), 429]);
    const closed = await http<Answer>(`${url}/api/me`, { method: 'DELETE', headers: member.auth });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ success: true, message: 'Your account has been closed' });
  });

  it(`closing is limited to ${ACCOUNT_CLOSE_LIMIT.perMember} attempts a minute per member, across both path shapes`, async () => {
    const member = await signUp('Persistent Closer');
    // A read puts the member's token in the cache, which the limit counts by while the provider stalls.
    expect((await http(`${url}/api/artifacts/liked/me`, { headers: member.auth })).status).toBe(200);
    proxy.pause();
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= ACCOUNT_CLOSE_LIMIT.perMember; attempt += 1) {
        const path = attempt % 2 === 0 ? '/api/me' : '/me';
        statuses.push((await http(`${url}${path}`, { method: 'DELETE', headers: member.auth })).status);
      }
      // Each attempt the provider did not answer closed nothing; the one past the limit is not tried.
      expect(statuses).toEqual([...Array(ACCOUNT_CLOSE_LIMIT.perMember).fill(503), 429]);
      const refused = await http<Answer>(`${url}/api/me`, { method: 'DELETE', headers: member.auth });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body.success).toBe(false);
      expect(refused.body.message).toMatch(
        new RegExp(
          `^Too many attempts to close your account: at most ${ACCOUNT_CLOSE_LIMIT.perMember} a minute\\. Try again in (1 minute|\\d+ seconds)\\.$`,
        ),
      );
    } finally {
      proxy.resume();
    }
    // Its writes are counted apart: the member may still vote.
    const vote = await http(`${url}/api/artifacts/${artifactId}/like`, {
      method: 'PATCH',
      headers: member.auth,
      json: { userEmail: member.email },
    });
    expect(vote.status).toBe(200);
  });

  it(`downloading one's data is limited to ${DATA_EXPORT_LIMIT.perMember} a minute per member, apart from writes`, async () => {
    const member = await signUp('Eager Exporter');
    expect(await reachWriteLimit(member)).toEqual([...Array(WRITE_LIMIT).fill(200), 429]);
    const statuses: number[] = [];
    for (let download = 0; download < DATA_EXPORT_LIMIT.perMember; download += 1) {
      const path = download % 2 === 0 ? '/api/me/export' : '/me/export';
      statuses.push((await http(`${url}${path}`, { headers: member.auth })).status);
    }
    expect(statuses).toEqual(Array(DATA_EXPORT_LIMIT.perMember).fill(200));
    const refused = await http<Answer>(`${url}/api/me/export`, { headers: member.auth });
    expect(refused.status).toBe(429);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^Too many downloads of your data: at most ${DATA_EXPORT_LIMIT.perMember} a minute\\. Try again in (1 minute|\\d+ seconds)\\.$`,
      ),
    );
    // Another member is counted apart.
    const other = await signUp('Other Exporter');
    expect((await http(`${url}/api/me/export`, { headers: other.auth })).status).toBe(200);
  });
});

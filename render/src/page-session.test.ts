import { describe, expect, it } from 'vitest';
import { viewerOf } from './page-session.ts';

const ADA = { uid: 'ada', email: 'ada@example.test', displayName: 'Ada', photoURL: null, createdAt: null };

describe("a page request's viewer, from its page session cookie", () => {
  it('is a visitor without a cookie, asking the API nothing', async () => {
    const asked: string[] = [];
    const viewer = await viewerOf(undefined, { memberOf: async (session) => (asked.push(session), ADA) });
    expect(viewer).toEqual({ kind: 'visitor', sessionRefused: false });
    expect(asked).toEqual([]);
  });

  it('is the member the API answers for the cookie, with the cookie to read as them', async () => {
    expect(await viewerOf('cookie-1', { memberOf: async () => ADA })).toEqual({
      kind: 'member',
      member: { user: ADA, session: 'cookie-1' },
    });
  });

  it('is a visitor whose cookie is to be cleared when the API refuses it (expired, revoked, account gone)', async () => {
    expect(await viewerOf('old-cookie', { memberOf: async () => null })).toEqual({
      kind: 'visitor',
      sessionRefused: true,
    });
  });

  it('is unchecked, and logged, when the API cannot answer: nobody is sent to /login for an outage', async () => {
    const lines: string[] = [];
    const viewer = await viewerOf(
      'cookie-1',
      {
        memberOf: async () => {
          throw new Error('the API answered 503 for a page session');
        },
      },
      (line) => void lines.push(line),
    );
    expect(viewer).toEqual({ kind: 'unchecked' });
    expect(lines).toEqual([
      'render: a page session could not be checked: the API answered 503 for a page session',
    ]);
  });
});

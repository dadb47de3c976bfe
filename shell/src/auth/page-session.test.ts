import type { User } from 'firebase/auth';
import { configureApi } from 'shared-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endPageSession, RETRY_AFTER_MS, startPageSession } from './page-session';

const API = 'http://api.test';
const member = (uid: string) => ({ uid, getIdToken: async () => `token-of-${uid}` }) as unknown as User;

/** The API's answers, held until a test lets them go, and the calls made, in order. */
let calls: Array<{ method: string; url: string; init: RequestInit; answer: (status: number) => void }>;

beforeEach(() => {
  configureApi({ baseUrl: API });
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    (url, init = {}) =>
      new Promise<Response>((resolve) =>
        calls.push({
          method: init.method ?? 'GET',
          url: String(url),
          init,
          answer: (status) => resolve(new Response(null, { status })),
        }),
      ),
  );
});
afterEach(async () => {
  for (const call of calls) call.answer(204);
  vi.restoreAllMocks();
});

describe('the page session', () => {
  it("is asked for after a sign-in, once the page is idle, with the sign-in's token and the credentials", async () => {
    const ada = member('ada');
    startPageSession(ada, () => ada);
    expect(calls).toHaveLength(0);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `${API}/api/session`,
      init: { credentials: 'include', headers: { Authorization: 'Bearer token-of-ada' } },
    });
  });

  it('is not asked for once the member has signed out, or another has signed in, before the page was idle', async () => {
    startPageSession(member('ada'), () => null);
    startPageSession(member('ada'), () => member('grace'));
    endPageSession();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      url: `${API}/api/session`,
      init: { credentials: 'include' },
    });
  });

  it('is cleared on signing out only after a setting already on its way has been answered', async () => {
    const ada = member('ada');
    let signedIn: User | null = ada;
    startPageSession(ada, () => signedIn);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    signedIn = null;
    endPageSession();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.map((call) => call.method)).toEqual(['POST']);
    calls[0]!.answer(204);
    await vi.waitFor(() => expect(calls.map((call) => call.method)).toEqual(['POST', 'DELETE']));
  });

  it('tries a call the API could not answer (503) or that never arrived once more, a little later', async () => {
    const ada = member('ada');
    startPageSession(ada, () => ada);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(503);
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS / 2));
    expect(calls).toHaveLength(1);
    await vi.waitFor(() => expect(calls.map((call) => call.method)).toEqual(['POST', 'POST']), {
      timeout: RETRY_AFTER_MS * 2,
    });
    calls[1]!.answer(204);

    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    endPageSession();
    await vi.waitFor(() => expect(calls.map((call) => call.method)).toEqual(['POST', 'POST', 'DELETE']), {
      timeout: RETRY_AFTER_MS * 2,
    });
  });

  it('logs a call refused, or failed twice, and goes on: nothing reaches the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ada = member('ada');
    startPageSession(ada, () => ada);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(401);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('The page session was not started: 401'));

    vi.mocked(fetch)
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    endPageSession();
    await vi.waitFor(
      () => expect(warn).toHaveBeenCalledWith('The page session was not ended', expect.any(TypeError)),
      { timeout: RETRY_AFTER_MS * 2 },
    );
    endPageSession();
    await vi.waitFor(() => expect(calls.map((call) => call.method)).toEqual(['POST', 'DELETE']));
  });
});

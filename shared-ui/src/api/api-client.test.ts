import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectAuthProvider,
  resetAuthProviderForTests,
  useAuthStore,
  type AuthProvider,
} from '../auth/auth-store';
import { API_CALL_FAILED, ApiError, apiRequest, configureApi, errorMessage } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ baseUrl: 'http://api.test/' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  resetAuthProviderForTests();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('apiRequest', () => {
  it('sends JSON to the configured base URL, with the bearer token when signed in', async () => {
    connectAuthProvider({ getFreshIdToken: async () => 'token-123' } as unknown as AuthProvider);
    useAuthStore.setState({
      user: { uid: 'u', email: 'a@b.test', displayName: null, photoURL: null, createdAt: null },
    });
    fetchMock.mockResolvedValue(json(200, { success: true }));
    await apiRequest('/artifacts', { method: 'POST', body: { name: 'Lyre' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/artifacts');
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init!.body).toBe('{"name":"Lyre"}');
  });

  it('sends no token when signed out, or when the call asks for none', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    await apiRequest('/artifacts', { withToken: false });
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("a server render's calls: the member's Session credential on reads only (no write), none when the call asks for none", async () => {
    configureApi({
      baseUrl: 'http://api.test',
      serverRequestCalls: () => ({ authorization: 'Session cookie-1' }),
    });
    fetchMock.mockImplementation(async () => json(200, { success: true }));
    await apiRequest('/artifacts/user/me');
    await apiRequest('/artifacts', { withToken: false });
    await apiRequest('/artifacts', { method: 'POST', body: {} });
    const sent = fetchMock.mock.calls.map(
      ([, init]) => (init!.headers as Record<string, string>).Authorization,
    );
    expect(sent).toEqual(['Session cookie-1', undefined, undefined]);
  });

  it("a server render's deadline fails a call the API has not answered as an unreachable API, in time", async () => {
    const deadline = new AbortController();
    configureApi({ baseUrl: 'http://api.test', serverRequestCalls: () => ({ deadline: deadline.signal }) });
    // A fetch that answers nothing, as a stalled API: only its signal ends it.
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
          setTimeout(() => deadline.abort(), 10);
        }),
    );
    const call = apiRequest('/artifacts/user/me').catch((error: unknown) => error);
    expect(await call).toMatchObject({ status: 0, message: API_CALL_FAILED });
  });

  it("carries the server's message on an error response", async () => {
    fetchMock.mockResolvedValue(
      json(403, { success: false, message: 'You can only delete your own artifacts' }),
    );
    const error = await apiRequest('/api/artifacts/1', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'You can only delete your own artifacts' });
    expect(errorMessage(error, 'Failed to delete artifact')).toBe('You can only delete your own artifacts');
  });

  it("falls back to 'API call failed' without a server message, and pages fall back to their own text", async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    const error = await apiRequest('/artifacts').catch((e: unknown) => e);
    expect(error).toMatchObject({ message: API_CALL_FAILED, status: 500 });
    expect(errorMessage(error, 'Failed to fetch artifacts')).toBe('Failed to fetch artifacts');
  });

  it('turns a network failure into an ApiError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/artifacts')).rejects.toMatchObject({ message: API_CALL_FAILED, status: 0 });
  });
});

// Test support for this remote's component tests: a signed-in member through the real shared auth store (with a
// stand-in identity provider), and the API answered by a stubbed `fetch` so the real API client runs.
import {
  connectAuthProvider,
  resetAuthProviderForTests,
  useAuthStore,
  type AuthProvider,
  type AuthUser,
} from 'shared-ui';
import { afterEach, vi } from 'vitest';

export const TEST_MEMBER: AuthUser = {
  uid: 'uid-ada',
  email: 'ada@heritage.test',
  displayName: 'Ada Lovelace',
  photoURL: 'https://images.heritage.test/ada.png',
  createdAt: '2024-03-15T12:00:00.000Z',
  emailVerified: true,
};

export function signInTestMember(user: Partial<AuthUser> = {}, provider: Partial<AuthProvider> = {}) {
  const member = { ...TEST_MEMBER, ...user };
  const fake = {
    register: vi.fn(),
    login: vi.fn(),
    loginWithGoogle: vi.fn(),
    logout: vi.fn(),
    resetPassword: vi.fn(),
    updateProfile: vi.fn(async (update) => ({ ...member, ...update })),
    getFreshIdToken: vi.fn(async () => 'test-id-token'),
    sendEmailVerification: vi.fn(async () => undefined),
    signInMethods: vi.fn(async () => ['password']),
    reauthenticate: vi.fn(async () => undefined),
    ...provider,
  } satisfies AuthProvider;
  connectAuthProvider(fake);
  useAuthStore.setState({ user: member, loading: false });
  return fake;
}

type Answer = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** Answers each request by path (without the base URL); unknown paths get a 404. Returns the fetch mock. */
export function stubApi(routes: Record<string, () => Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    const route = routes[path];
    const { status = 200, body } = route ? await route() : { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAuthProviderForTests();
});

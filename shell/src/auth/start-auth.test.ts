import { connectAuthProvider, resetAuthProviderForTests, useAuthStore, type AuthProvider } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authErrorMessage } from './auth-error-messages';
import { startAuth } from './start-auth';
import { startFromStoredToken } from './stored-session';
import { emulatorToken } from 'shared-ui/test/tokens';

// Firebase's chunks as the browser would load them: failing while `reachable` is false (offline, or a release
// replaced the files), and connecting `provider` once they load.
const chunks = vi.hoisted(() => ({ reachable: false, loads: 0, provider: null as unknown }));
vi.mock('./firebase-session', () => {
  chunks.loads += 1;
  if (!chunks.reachable) throw new TypeError('Failed to fetch dynamically imported module');
  return { auth: {} };
});
vi.mock('./firebase-auth', () => ({
  connectFirebaseAuth: () => {
    connectAuthProvider(chunks.provider as AuthProvider);
    useAuthStore.setState({ user: null, loading: false });
  },
}));

// start-auth.ts is one module for the file: each test starts with no start running (never run, or the last failed).
// A chunk that loaded stays loaded, as in a browser: the test in which Firebase loads comes last.
afterEach(() => {
  chunks.reachable = false;
  chunks.loads = 0;
  resetAuthProviderForTests();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('startAuth when Firebase cannot load', () => {
  it('signs nobody in, and fails a waiting sign-in with the "could not reach" message instead of hanging', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const login = useAuthStore.getState().login('ada@heritage.test', 'Secret1');
    startAuth();
    const error = await login.catch((e: unknown) => e);
    expect(authErrorMessage(error)).toBe(
      'Could not reach the sign-in service. Check your connection and try again.',
    );
    expect(useAuthStore.getState()).toMatchObject({ user: null, loading: false });
  });

  it('keeps the member a usable stored token names on their page, until that token has aged out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('token', emulatorToken(60, { user_id: 'uid-ada', name: 'Ada Lovelace' }));
    startFromStoredToken();
    startAuth();
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    // Still the token's word: Firebase has not answered.
    expect(useAuthStore.getState()).toMatchObject({ user: { uid: 'uid-ada' }, loading: true });

    // Aged past the spec's five minutes, the token is no use: the next start that fails signs nobody in.
    localStorage.setItem('token', emulatorToken(6 * 60, { user_id: 'uid-ada', name: 'Ada Lovelace' }));
    startAuth();
    await vi.waitFor(() => expect(useAuthStore.getState()).toMatchObject({ user: null, loading: false }));
  });

  it('tries again on the next sign-in, which then goes through', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    startAuth();
    await vi.waitFor(() => expect(useAuthStore.getState().loading).toBe(false));
    expect(chunks.loads).toBe(1);

    chunks.reachable = true;
    const signIn = vi.fn(async () => undefined);
    chunks.provider = { login: signIn };
    await useAuthStore.getState().login('ada@heritage.test', 'Secret1');
    expect(chunks.loads).toBe(2);
    expect(signIn).toHaveBeenCalledWith('ada@heritage.test', 'Secret1');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectAuthProvider,
  failAuthProvider,
  resetAuthProviderForTests,
  useAuthStore,
  type AuthProvider,
} from './auth-store';
import { getIdToken } from './id-token';
import { isTokenUsable, TOKEN_MAX_AGE_MS, TOKEN_STORAGE_KEY } from './token-claims';
import { unsignedToken } from '../../test/tokens';

const seconds = (ms: number) => Math.floor(ms / 1000);

function providerReturning(token: string | null): AuthProvider {
  const fail = () => Promise.reject(new Error('not used'));
  return {
    register: fail,
    login: fail,
    loginWithGoogle: fail,
    logout: fail,
    resetPassword: fail,
    updateProfile: fail,
    sendEmailVerification: fail,
    signInMethods: fail,
    reauthenticate: fail,
    getFreshIdToken: vi.fn(async () => token),
  };
}

const signedInUser = { uid: 'u1', email: 'a@b.test', displayName: 'A', photoURL: null, createdAt: null };

afterEach(() => {
  resetAuthProviderForTests();
  vi.restoreAllMocks();
});

describe('isTokenUsable', () => {
  const now = Date.now();
  it('accepts a token that is unexpired and younger than the sync max age', () => {
    expect(
      isTokenUsable(unsignedToken({ iat: seconds(now - 60_000), exp: seconds(now + 3_000_000) }), now),
    ).toBe(true);
  });
  it('refuses an expired token', () => {
    expect(isTokenUsable(unsignedToken({ iat: seconds(now - 60_000), exp: seconds(now - 1000) }), now)).toBe(
      false,
    );
  });
  it('refuses a token older than 5 minutes even if unexpired', () => {
    const iat = seconds(now - TOKEN_MAX_AGE_MS - 1000);
    expect(isTokenUsable(unsignedToken({ iat, exp: seconds(now + 3_000_000) }), now)).toBe(false);
  });
  it('refuses something that is not a token', () => {
    expect(isTokenUsable('not-a-token', now)).toBe(false);
  });
});

describe('getIdToken', () => {
  it('returns null with no user, without asking the provider', async () => {
    const provider = providerReturning('fresh');
    connectAuthProvider(provider);
    useAuthStore.setState({ user: null, loading: false });
    expect(await getIdToken()).toBeNull();
    expect(provider.getFreshIdToken).not.toHaveBeenCalled();
  });

  it('reuses the stored token while it is usable', async () => {
    const provider = providerReturning('fresh');
    connectAuthProvider(provider);
    useAuthStore.setState({ user: signedInUser, loading: false });
    const stored = unsignedToken({ iat: seconds(Date.now() - 1000), exp: seconds(Date.now() + 3_000_000) });
    localStorage.setItem(TOKEN_STORAGE_KEY, stored);
    expect(await getIdToken()).toBe(stored);
    expect(provider.getFreshIdToken).not.toHaveBeenCalled();
  });

  it('fetches and stores a fresh token when the stored one has expired', async () => {
    const fresh = unsignedToken({ iat: seconds(Date.now()), exp: seconds(Date.now() + 3_600_000) });
    const provider = providerReturning(fresh);
    connectAuthProvider(provider);
    useAuthStore.setState({ user: signedInUser, loading: false });
    localStorage.setItem(TOKEN_STORAGE_KEY, unsignedToken({ iat: 1, exp: 2 }));
    expect(await getIdToken()).toBe(fresh);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
  });

  it('yields null, rather than wait forever, when the stored token has aged out and Firebase could not start', async () => {
    // A page started from the stored token, before Firebase has connected.
    useAuthStore.setState({ user: signedInUser, loading: true });
    localStorage.setItem(TOKEN_STORAGE_KEY, unsignedToken({ iat: 1, exp: 2 }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const token = getIdToken();
    failAuthProvider(new Error('offline'), vi.fn());
    expect(await token).toBeNull();
    expect(log).toHaveBeenCalledWith('Could not get an ID token', expect.any(Error));
  });

  it('logs a storage failure and yields null', async () => {
    connectAuthProvider(providerReturning('fresh'));
    useAuthStore.setState({ user: signedInUser, loading: false });
    vi.spyOn(localStorage, 'getItem').mockImplementation(() => {
      throw new Error('storage disabled');
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await getIdToken()).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});

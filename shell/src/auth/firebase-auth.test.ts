import type { Auth, User } from 'firebase/auth';
import { getIdToken, resetAuthProviderForTests, useAuthStore } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectFirebaseAuth } from './firebase-auth';

// Firebase's listeners are not what this tests: the provider's token read is.
vi.mock('firebase/auth', () => ({ onAuthStateChanged: vi.fn(), onIdTokenChanged: vi.fn() }));

afterEach(() => {
  resetAuthProviderForTests();
  useAuthStore.setState({ user: null, loading: true });
  localStorage.clear();
});

describe("the identity provider's token", () => {
  it('is read once Firebase has restored its persisted member, on a page the server drew for them', async () => {
    // The server drew the page for Ada (her page session): the store knows her, and no token is stored yet.
    useAuthStore.setState({
      user: {
        uid: 'uid-ada',
        email: 'ada@heritage.test',
        displayName: 'Ada',
        photoURL: null,
        createdAt: null,
      },
      loading: false,
    });
    let restored = () => {};
    const auth = {
      currentUser: null as User | null,
      authStateReady: () => new Promise<void>((resolve) => (restored = resolve)),
    };
    connectFirebaseAuth(auth as unknown as Auth);
    const token = getIdToken();
    await new Promise((resolve) => setTimeout(resolve, 10));
    auth.currentUser = { getIdToken: async () => 'fresh-token' } as unknown as User;
    restored();
    expect(await token).toBe('fresh-token');
  });
});

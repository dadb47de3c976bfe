import { resetAuthProviderForTests, useAuthStore } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFromStoredToken } from './stored-session';
import { emulatorToken } from 'shared-ui/test/tokens';

/** Ada's token as the Auth Emulator writes one, issued `ageSeconds` ago. */
const tokenAged = (ageSeconds: number) =>
  emulatorToken(ageSeconds, { user_id: 'uid-ada', email: 'ada@heritage.test', name: 'Ada Lovelace' });

afterEach(() => {
  vi.restoreAllMocks();
  resetAuthProviderForTests();
});

describe('starting from the stored token', () => {
  it('adopts the member a usable token names, and leaves the answer to Firebase (still loading)', () => {
    localStorage.setItem('token', tokenAged(60));
    expect(startFromStoredToken()).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({
      loading: true,
      user: { uid: 'uid-ada', email: 'ada@heritage.test', displayName: 'Ada Lovelace', createdAt: null },
    });
  });

  it('adopts nobody for a token older than the sync max age, or none', () => {
    localStorage.setItem('token', tokenAged(6 * 60));
    expect(startFromStoredToken()).toBe(false);
    expect(useAuthStore.getState().user).toBeNull();
    localStorage.removeItem('token');
    expect(startFromStoredToken()).toBe(false);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('adopts nobody when storage cannot be read', () => {
    localStorage.setItem('token', tokenAged(60));
    vi.spyOn(localStorage, 'getItem').mockImplementation(() => {
      throw new Error('storage disabled');
    });
    expect(startFromStoredToken()).toBe(false);
    expect(useAuthStore.getState().user).toBeNull();
  });
});

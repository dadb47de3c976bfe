import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectAuthProvider,
  failAuthProvider,
  resetAuthProviderForTests,
  useAuthStore,
  type AuthProvider,
} from './auth-store';

afterEach(() => resetAuthProviderForTests());

describe('the auth store', () => {
  it('starts loading, with no user', () => {
    expect(useAuthStore.getState()).toMatchObject({ user: null, loading: true });
  });

  it('holds loading while an action runs, and waits for the provider the shell connects later', async () => {
    let release!: () => void;
    const login = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    useAuthStore.setState({ loading: false });
    const pending = useAuthStore.getState().login('a@b.test', 'Secret1');
    expect(useAuthStore.getState().loading).toBe(true);
    connectAuthProvider({ login } as unknown as AuthProvider);
    await vi.waitFor(() => expect(login).toHaveBeenCalledWith('a@b.test', 'Secret1'));
    release();
    await pending;
    expect(useAuthStore.getState().loading).toBe(false);
  });

  it('clears loading and passes the error on when an action fails', async () => {
    connectAuthProvider({ logout: () => Promise.reject(new Error('offline')) } as unknown as AuthProvider);
    await expect(useAuthStore.getState().logout()).rejects.toThrow('offline');
    expect(useAuthStore.getState().loading).toBe(false);
  });

  it('fails a waiting action when the provider could not start, and has the shell try again on the next', async () => {
    const tryAgain = vi.fn();
    const waiting = useAuthStore.getState().login('a@b.test', 'Secret1');
    failAuthProvider(new Error('offline'), tryAgain);
    await expect(waiting).rejects.toThrow('offline');
    expect(useAuthStore.getState().loading).toBe(false);
    expect(tryAgain).not.toHaveBeenCalled();

    const login = vi.fn(async () => undefined);
    const retried = useAuthStore.getState().login('a@b.test', 'Secret1');
    expect(tryAgain).toHaveBeenCalledTimes(1);
    connectAuthProvider({ login } as unknown as AuthProvider);
    await retried;
    expect(login).toHaveBeenCalledWith('a@b.test', 'Secret1');
    expect(useAuthStore.getState().loading).toBe(false);
  });

  it('fails each try that fails, and asks for one try per failure', async () => {
    const tryAgain = vi.fn();
    failAuthProvider(new Error('offline'), tryAgain);
    const first = useAuthStore.getState().logout();
    const second = useAuthStore.getState().logout();
    expect(tryAgain).toHaveBeenCalledTimes(1);
    failAuthProvider(new Error('still offline'), tryAgain);
    await expect(first).rejects.toThrow('still offline');
    await expect(second).rejects.toThrow('still offline');
  });

  it('ignores a failure reported once a provider is connected', async () => {
    const logout = vi.fn(async () => undefined);
    connectAuthProvider({ logout } as unknown as AuthProvider);
    failAuthProvider(new Error('late'), vi.fn());
    await useAuthStore.getState().logout();
    expect(logout).toHaveBeenCalled();
  });

  it('puts the updated profile in the store, so every app sees it at once', async () => {
    const updated = {
      uid: 'u1',
      email: 'a@b.test',
      displayName: 'New Name',
      photoURL: null,
      createdAt: null,
    };
    connectAuthProvider({ updateProfile: async () => updated } as unknown as AuthProvider);
    await useAuthStore.getState().updateProfile({ displayName: 'New Name', photoURL: '' });
    expect(useAuthStore.getState().user).toEqual(updated);
  });
});

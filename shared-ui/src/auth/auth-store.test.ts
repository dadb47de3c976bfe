import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectAuthProvider,
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

import { describe, expect, it, vi } from 'vitest';
import { followLoginRedirect, loginRedirect, loginReturnOf } from './login-redirect';

const ORIGIN = 'https://heritage.example';

function deps(auth: { user: unknown; loading: boolean } = { user: null, loading: true }) {
  const listeners: Array<(state: { user: unknown; loading: boolean }) => void> = [];
  let onLogin = true;
  return {
    listeners,
    leaveLogin: () => (onLogin = false),
    loginToastOf: (pathname: string) =>
      pathname === '/my-artifacts' ? 'Please login to view your artifacts' : undefined,
    showToast: vi.fn(),
    navigate: vi.fn(async () => undefined),
    authState: () => auth,
    subscribeAuth: (listener: (state: { user: unknown; loading: boolean }) => void) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    onLoginPage: () => onLogin,
  };
}

describe("the render service's redirect to /login", () => {
  it('names the page to return to, and is read back as a path of this site only', () => {
    expect(loginRedirect('/update-artifact/1?x=1')).toBe('/login?from=%2Fupdate-artifact%2F1%3Fx%3D1');
    expect(loginReturnOf('?from=%2Fupdate-artifact%2F1%3Fx%3D1')).toBe('/update-artifact/1?x=1');
    for (const search of [
      '',
      '?from=',
      '?from=https%3A%2F%2Fevil.example',
      '?from=%2F%2Fevil.example',
      '?from=%2F%5Cevil',
    ])
      expect(loginReturnOf(search), search).toBeNull();
  });

  it("shows the page's login toast once Firebase says nobody is signed in, and keeps the page to return to, as ProtectedRoute does", async () => {
    const d = deps();
    await followLoginRedirect(new URL('/login?from=%2Fmy-artifacts%3Fq%3D1', ORIGIN), d);
    expect(d.navigate).toHaveBeenCalledWith('/login', {
      from: { pathname: '/my-artifacts', search: '?q=1', hash: '' },
    });
    expect(d.showToast).not.toHaveBeenCalled();
    d.listeners[0]!({ user: null, loading: false });
    d.listeners[0]!({ user: null, loading: false });
    expect(d.showToast).toHaveBeenCalledTimes(1);
    expect(d.showToast).toHaveBeenCalledWith('Please login to view your artifacts');
  });

  it('sends a member whose browser is signed in back to the page once Firebase says so, with no toast, and only while on /login', async () => {
    const d = deps();
    await followLoginRedirect(new URL('/login?from=%2Fmy-artifacts', ORIGIN), d);
    d.listeners[0]!({ user: { uid: 'ada' }, loading: false });
    expect(d.navigate).toHaveBeenLastCalledWith('/my-artifacts');
    expect(d.showToast).not.toHaveBeenCalled();
    expect(d.listeners).toEqual([]);

    const signsInLater = deps();
    await followLoginRedirect(new URL('/login?from=%2Fmy-artifacts', ORIGIN), signsInLater);
    signsInLater.listeners[0]!({ user: null, loading: false });
    expect(signsInLater.navigate).toHaveBeenCalledTimes(1);
    signsInLater.listeners[0]!({ user: { uid: 'ada' }, loading: false });
    expect(signsInLater.navigate).toHaveBeenLastCalledWith('/my-artifacts');

    const left = deps();
    await followLoginRedirect(new URL('/login?from=%2Fmy-artifacts', ORIGIN), left);
    left.leaveLogin();
    left.listeners[0]!({ user: { uid: 'ada' }, loading: false });
    expect(left.navigate).toHaveBeenCalledTimes(1);
  });

  it('does nothing on /login without a page to return to, or on another page', async () => {
    for (const address of [
      '/login',
      '/login?from=https%3A%2F%2Fevil.example',
      '/my-artifacts?from=%2Fprofile',
    ]) {
      const d = deps();
      await followLoginRedirect(new URL(address, ORIGIN), d);
      expect(d.navigate, address).not.toHaveBeenCalled();
      expect(d.showToast, address).not.toHaveBeenCalled();
    }
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_AVATAR, toast, useAuthStore } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../../../shared-ui/test/render';
import { Navbar } from './navbar';

const { logout } = useAuthStore.getState();
afterEach(() => {
  useAuthStore.setState({ user: null, loading: true, logout });
  vi.restoreAllMocks();
});

describe('the navigation bar', () => {
  it('offers Login and Register when signed out, and highlights the current route', () => {
    useAuthStore.setState({ user: null, loading: false });
    renderWithKit(<Navbar />, { route: '/about' });
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Register' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'About' }).className).toContain('active');
    expect(screen.getByRole('link', { name: 'Home' }).className).not.toContain('active');
  });

  it('holds Login and Register back while sign-in state loads, so a member never sees them flash', () => {
    useAuthStore.setState({ user: null, loading: true });
    renderWithKit(<Navbar />);
    const login = screen.getByText('Login');
    expect(login.closest<HTMLElement>('[style]')?.style.visibility).toBe('hidden');
    act(() => useAuthStore.setState({ loading: false }));
    expect(login.closest<HTMLElement>('[style]')).toBeNull();
  });

  it('opens and closes the hamburger menu, and a link in it closes it', () => {
    useAuthStore.setState({ user: null, loading: false });
    renderWithKit(<Navbar />);
    // The test window is desktop-wide, where CSS hides the hamburger; its behaviour is the same.
    const toggle = screen.getByLabelText('Open menu');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById('mobile-menu')!;
    fireEvent.click(menu.querySelector('a[href="/contact"]')!);
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it.each([
    ['javascript:alert(1)', 'placeholder'],
    ['data:image/svg+xml,<svg onload=alert(1)>', 'placeholder'],
    ['ftp://example.test/me.png', 'placeholder'],
    ['https://example.test/me.png', 'https://example.test/me.png'],
  ])('shows the account photo %s only if it is an http(s) URL', (photoURL, expected) => {
    useAuthStore.setState({
      user: { uid: 'u', email: 'ada@heritage.test', displayName: 'Ada', photoURL, createdAt: null },
      loading: false,
    });
    renderWithKit(<Navbar />);
    const src = screen
      .getByRole('button', { name: 'Account menu for Ada' })
      .querySelector('img')!
      .getAttribute('src');
    expect(src).toBe(expected === 'placeholder' ? DEFAULT_AVATAR : expected);
  });

  it('shows the avatar menu for a member: name, three links and Logout, usable by keyboard', () => {
    useAuthStore.setState({
      user: {
        uid: 'u',
        email: 'ada@heritage.test',
        displayName: 'Ada Lovelace',
        photoURL: null,
        createdAt: null,
      },
      loading: false,
    });
    renderWithKit(<Navbar />);
    const avatar = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(avatar.querySelector('img')!.getAttribute('width')).toBe('32');
    fireEvent.keyDown(avatar, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(menu.textContent).toContain('Ada Lovelace');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Profile', 'My Artifacts', 'Liked Artifacts', 'Logout']);
    expect(document.activeElement?.textContent).toBe('Profile');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('My Artifacts');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(avatar);
  });

  it("toasts 'Error logging out' when the provider cannot sign out, and keeps the member signed in", async () => {
    const errorToast = vi.spyOn(toast, 'error');
    useAuthStore.setState({
      user: {
        uid: 'u',
        email: 'ada@heritage.test',
        displayName: 'Ada Lovelace',
        photoURL: null,
        createdAt: null,
      },
      loading: false,
      logout: () => Promise.reject(new Error('IndexedDB is unavailable')),
    });
    renderWithKit(<Navbar />);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Error logging out'));
    expect(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_AVATAR, toast, useAuthStore } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../../../shared-ui/test/render';
import { routesOf, siteNavigation } from '../routes/route-table';
import { SITE_ROUTES } from '../routes/test/published-pages';
import { Footer } from './footer';
import { Navbar } from './navbar';

// The links this checkout's route modules publish, as the layout draws them.
const NAVIGATION = siteNavigation(SITE_ROUTES);
const ADA = { uid: 'u', email: 'ada@heritage.test', displayName: 'Ada', photoURL: null, createdAt: null };

const { logout } = useAuthStore.getState();
afterEach(() => {
  useAuthStore.setState({ user: null, loading: true, logout });
  vi.restoreAllMocks();
});

describe('the navigation bar', () => {
  it('offers Login and Register when signed out, and highlights the current route', () => {
    useAuthStore.setState({ user: null, loading: false });
    renderWithKit(<Navbar navigation={NAVIGATION} />, { route: '/about' });
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Register' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'About' }).className).toContain('active');
    expect(screen.getByRole('link', { name: 'Home' }).className).not.toContain('active');
  });

  it('holds Login and Register back while sign-in state loads, so a member never sees them flash', () => {
    useAuthStore.setState({ user: null, loading: true });
    renderWithKit(<Navbar navigation={NAVIGATION} />);
    const login = screen.getByText('Login');
    expect(login.closest<HTMLElement>('[style]')?.style.visibility).toBe('hidden');
    act(() => useAuthStore.setState({ loading: false }));
    expect(login.closest<HTMLElement>('[style]')).toBeNull();
  });

  it('opens and closes the hamburger menu, and a link in it closes it', () => {
    useAuthStore.setState({ user: null, loading: false });
    renderWithKit(<Navbar navigation={NAVIGATION} />);
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
    renderWithKit(<Navbar navigation={NAVIGATION} />);
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
    renderWithKit(<Navbar navigation={NAVIGATION} />);
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
    renderWithKit(<Navbar navigation={NAVIGATION} />);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Error logging out'));
    expect(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeTruthy();
  });

  it('draws a page that a release publishes with no shell build, members-only links for members only', () => {
    const navigation = siteNavigation([
      ...SITE_ROUTES,
      ...routesOf('mf_new', {
        Timeline: {
          path: '/timeline',
          title: 'Timeline',
          links: [{ in: 'navbar', label: 'Timeline', order: 45 }],
        },
        Drafts: {
          path: '/drafts',
          title: 'Drafts',
          links: [
            { in: 'navbar', label: 'Drafts', order: 60, membersOnly: true },
            { in: 'member-menu', label: 'My Drafts', order: 25 },
          ],
        },
      }),
    ]);
    useAuthStore.setState({ user: null, loading: false });
    const { unmount } = renderWithKit(<Navbar navigation={navigation} />);
    const navbarLinks = () =>
      Array.from(document.querySelectorAll('nav[aria-label="Main"] ul a')).map((link) => link.textContent);
    expect(navbarLinks()).toEqual(['Home', 'All Artifacts', 'Add Artifact', 'About', 'Timeline', 'Contact']);
    expect(screen.getByRole('link', { name: 'Timeline' }).getAttribute('href')).toBe('/timeline');
    unmount();

    useAuthStore.setState({ user: ADA, loading: false });
    renderWithKit(<Navbar navigation={navigation} />);
    expect(navbarLinks()).toEqual([
      'Home',
      'All Artifacts',
      'Add Artifact',
      'About',
      'Timeline',
      'Contact',
      'Drafts',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Ada' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'My Artifacts',
      'My Drafts',
      'Liked Artifacts',
      'Logout',
    ]);
  });
});

describe('the footer', () => {
  it("shows spec section 2's Quick Links as the pages publish them, a members-only one to members only", () => {
    const footerLinks = () =>
      Array.from(screen.getByRole('navigation', { name: 'Quick Links' }).querySelectorAll('a')).map(
        (link) => [link.textContent, link.getAttribute('href')],
      );
    const links = [...NAVIGATION.footer, { to: '/drafts', label: 'Drafts', membersOnly: true }];
    useAuthStore.setState({ user: null, loading: false });
    const { unmount } = renderWithKit(<Footer links={links} />);
    expect(footerLinks()).toEqual([
      ['Browse Artifacts', '/all-artifacts'],
      ['Add Artifact', '/add-artifact'],
      ['Liked Artifacts', '/liked-artifacts'],
    ]);
    unmount();
    useAuthStore.setState({ user: ADA, loading: false });
    renderWithKit(<Footer links={links} />);
    expect(footerLinks().at(-1)).toEqual(['Drafts', '/drafts']);
  });
});

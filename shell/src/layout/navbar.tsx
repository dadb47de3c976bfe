/**
 * The fixed navigation bar: translucent at the top of the page, solid white with a shadow once scrolled; the
 * current route's link highlighted; links inline on desktop and behind a hamburger menu on small screens.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ButtonLink, media, NavLink, useAuthStore, useLocation } from 'shared-ui';
import styled, { css } from 'styled-components';
import { shownTo, type SiteNavigation } from '../routes/route-table';
import { Brand } from './brand';
import { useDismiss } from './use-dismiss';
import { UserMenu } from './user-menu';

const Bar = styled.header<{ $solid: boolean }>`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: ${({ theme }) => theme.zIndex.nav};
  height: ${({ theme }) => theme.layout.navHeight};
  transition:
    background 0.25s ease,
    box-shadow 0.25s ease;
  ${({ $solid, theme }) =>
    $solid
      ? css`
          background: ${theme.colors.white};
          box-shadow: ${theme.shadows.nav};
        `
      : css`
          background: rgba(255, 255, 255, 0.72);
          backdrop-filter: blur(8px);
        `}
`;

const Inner = styled.nav`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  height: 100%;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const linkStyles = css`
  text-decoration: none;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brown};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm};
  border-bottom: 3px solid transparent;
  &:hover {
    color: ${({ theme }) => theme.colors.goldDark};
  }
  &.active {
    color: ${({ theme }) => theme.colors.brownDark};
    border-bottom-color: ${({ theme }) => theme.colors.gold};
  }
`;

const DesktopLinks = styled.ul`
  display: none;
  list-style: none;
  margin: 0 auto;
  padding: 0;
  gap: ${({ theme }) => theme.space.sm};
  a {
    ${linkStyles}
  }
  ${media.md} {
    display: flex;
  }
`;

const Actions = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  ${media.md} {
    margin-left: 0;
  }
`;

const AuthButtons = styled.div`
  display: none;
  gap: ${({ theme }) => theme.space.sm};
  ${media.md} {
    display: flex;
  }
`;

const SmallButton = styled(ButtonLink)`
  min-height: 38px;
  padding: 0.35rem 1rem;
`;

const Hamburger = styled.button`
  display: inline-flex;
  flex-direction: column;
  justify-content: center;
  gap: 5px;
  width: 44px;
  height: 44px;
  padding: 10px;
  border: 0;
  background: transparent;
  cursor: pointer;
  span {
    display: block;
    height: 3px;
    border-radius: 2px;
    background: ${({ theme }) => theme.colors.brownDark};
  }
  ${media.md} {
    display: none;
  }
`;

const MobilePanel = styled.div`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  padding: ${({ theme }) => theme.space.md};
  ul {
    list-style: none;
    margin: 0 0 ${({ theme }) => theme.space.md};
    padding: 0;
  }
  li a {
    ${linkStyles} display: block;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-bottom: 0;
    border-left: 3px solid transparent;
  }
  li a.active {
    border-left-color: ${({ theme }) => theme.colors.gold};
  }
  ${media.md} {
    display: none;
  }
`;

const MobileAuth = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  a {
    flex: 1;
  }
`;

/** The bar with the links the pages publish for it (route-table.ts, siteNavigation), and the member menu's. */
export function Navbar({ navigation }: { navigation: SiteNavigation }) {
  const [scrolled, setScrolled] = useState(false);
  // The menu belongs to the page it was opened on: any navigation (a link, Back, a redirect) closes it.
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const menuOpen = openedAt === location.pathname;
  const user = useAuthStore((s) => s.user);
  // Until the identity provider answers, a member would see Login and Register flash before their avatar.
  const authPending = useAuthStore((s) => s.loading && !s.user);
  const barRef = useRef<HTMLElement>(null);
  const closeMenus = useCallback(() => setOpenedAt(null), []);
  useDismiss(barRef, menuOpen, closeMenus);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const links = shownTo(navigation.navbar, user !== null).map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.to === '/'} onClick={closeMenus}>
        {link.label}
      </NavLink>
    </li>
  ));
  const authButtons = (
    <>
      <SmallButton to="/login" $variant="ghost" onClick={closeMenus}>
        Login
      </SmallButton>
      <SmallButton to="/register" onClick={closeMenus}>
        Register
      </SmallButton>
    </>
  );

  return (
    <Bar ref={barRef} $solid={scrolled || menuOpen} data-scrolled={scrolled}>
      <Inner aria-label="Main">
        <Brand onClick={closeMenus} />
        <DesktopLinks>{links}</DesktopLinks>
        <Actions>
          {user ? (
            <UserMenu user={user} links={navigation['member-menu']} onNavigate={closeMenus} />
          ) : (
            <AuthButtons style={authPending ? { visibility: 'hidden' } : undefined}>
              {authButtons}
            </AuthButtons>
          )}
          <Hamburger
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setOpenedAt(menuOpen ? null : location.pathname)}
          >
            <span />
            <span />
            <span />
          </Hamburger>
        </Actions>
      </Inner>
      {menuOpen ? (
        <MobilePanel id="mobile-menu">
          <ul>{links}</ul>
          {user ? null : <MobileAuth>{authButtons}</MobileAuth>}
        </MobilePanel>
      ) : null}
    </Bar>
  );
}

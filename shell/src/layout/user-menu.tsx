/**
 * The signed-in avatar and its dropdown (spec section 2): display name, the links the pages publish for it (Profile,
 * My Artifacts, Liked Artifacts), Logout. A menu button in the WAI-ARIA pattern: arrow keys move between items,
 * Escape closes and returns focus.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { type AuthUser, DEFAULT_AVATAR, isHttpUrl, toast, useAuthStore, useNavigate } from 'shared-ui';
import styled from 'styled-components';
import type { NavigationLink } from '../routes/route-table';
import { useDismiss } from './use-dismiss';

export const LOGOUT_SUCCESS = 'Successfully logged out!';
export const LOGOUT_FAILURE = 'Error logging out';

const Wrapper = styled.div`
  position: relative;
`;

const AvatarButton = styled.button`
  display: inline-flex;
  padding: 2px;
  border: 2px solid ${({ theme }) => theme.colors.gold};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.white};
  cursor: pointer;
  img {
    width: 32px;
    height: 32px;
    border-radius: 50%;
    object-fit: cover;
  }
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 10px);
  min-width: 220px;
  background: ${({ theme }) => theme.colors.white};
  border: 1px solid ${({ theme }) => theme.colors.parchmentDark};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  padding: ${({ theme }) => theme.space.sm} 0;
  z-index: ${({ theme }) => theme.zIndex.menu};
`;

const MenuName = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brownDark};
  border-bottom: 1px solid ${({ theme }) => theme.colors.parchmentDark};
  overflow-wrap: anywhere;
`;

const MenuItem = styled.button`
  display: block;
  width: 100%;
  text-align: left;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.parchment};
  }
`;

export function displayNameOf(user: AuthUser): string {
  return user.displayName || user.email || 'Member';
}

export function UserMenu({
  user,
  links,
  onNavigate,
}: {
  user: AuthUser;
  links: readonly NavigationLink[];
  onNavigate: () => void;
}) {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const logout = useAuthStore((s) => s.logout);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(wrapperRef, open, close);

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') setOpen(false);
    else return;
    event.preventDefault();
  };

  const go = (to: string) => {
    setOpen(false);
    onNavigate();
    navigate(to);
  };

  const onLogout = async () => {
    setOpen(false);
    onNavigate();
    try {
      await logout();
      toast.success(LOGOUT_SUCCESS);
      navigate('/');
    } catch {
      toast.error(LOGOUT_FAILURE);
    }
  };

  const name = displayNameOf(user);
  return (
    <Wrapper ref={wrapperRef}>
      <AvatarButton
        ref={buttonRef}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="user-menu"
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <img
          // Only an http(s) URL: the account's photo URL is whatever was typed (a javascript: or data: URL too).
          src={user.photoURL && isHttpUrl(user.photoURL) ? user.photoURL : DEFAULT_AVATAR}
          alt=""
          width={32}
          height={32}
          referrerPolicy="no-referrer"
          onError={(e) => {
            e.currentTarget.src = DEFAULT_AVATAR;
          }}
        />
      </AvatarButton>
      {open ? (
        <Menu id="user-menu" role="menu" aria-label="Account" ref={menuRef} onKeyDown={onMenuKey}>
          <MenuName role="presentation" data-testid="user-menu-name">
            {name}
          </MenuName>
          {links.map((link) => (
            <MenuItem key={link.to} role="menuitem" tabIndex={-1} onClick={() => go(link.to)}>
              {link.label}
            </MenuItem>
          ))}
          <MenuItem role="menuitem" tabIndex={-1} onClick={onLogout}>
            Logout
          </MenuItem>
        </Menu>
      ) : null}
    </Wrapper>
  );
}

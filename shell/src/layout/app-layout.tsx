import { useEffect, useRef } from 'react';
import { firstPageLeft, Outlet, ToastArea, useLocation, useNavigationType } from 'shared-ui';
import styled from 'styled-components';
import type { SiteNavigation } from '../routes/route-table';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { MAIN_ID, usePageChangeFocus } from './use-page-change-focus';

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  top: 0;
  z-index: 1000;
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brownDark};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  &:focus {
    left: ${({ theme }) => theme.space.md};
  }
`;

// A whole screen at least, so the footer starts below the fold: while a page loads, and when it arrives, the footer
// moves without being on screen (no layout shift), and short pages keep it out of their first view.
const Main = styled.main`
  min-height: 100vh;
  min-height: 100svh;
`;

/**
 * A new path (not a search rewriting ?q= in place): the page starts at its top, unless Back or Forward brought it
 * (the browser restores its scroll), and the answers a server-rendered page came with no longer answer it.
 */
function useNewPageEffects() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const lastPathname = useRef(pathname);
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    firstPageLeft();
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/**
 * The layout around every route (spec section 2): toast area, navigation bar, routed page, footer; the navigation's
 * links are those the site's pages publish (route-table.ts, siteNavigation).
 */
export function AppLayout({ navigation }: { navigation: SiteNavigation }) {
  useNewPageEffects();
  const pageAnnouncement = usePageChangeFocus();
  return (
    <>
      {/* Focus moves without a history entry: Back should not return to the same page scrolled to its content. */}
      <SkipLink
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        Skip to content
      </SkipLink>
      {/* The one place a page change is announced: the new page's title. */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {pageAnnouncement}
      </div>
      <ToastArea />
      <Navbar navigation={navigation} />
      <Main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </Main>
      <Footer links={navigation.footer} />
    </>
  );
}

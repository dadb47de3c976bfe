import { Outlet, ScrollRestoration } from 'react-router-dom';
import styled from 'styled-components';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ToastArea } from './toast-area';

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  top: 0;
  z-index: 1000;
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brownDark};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  &:focus { left: ${({ theme }) => theme.space.md}; }
`;

const Main = styled.main`
  min-height: 70vh;
`;

/** The layout around every route (spec section 2): toast area, navigation bar, routed page, footer. */
export function AppLayout() {
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <ToastArea />
      <Navbar />
      <Main id="main" tabIndex={-1}>
        <Outlet />
      </Main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}

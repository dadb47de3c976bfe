/**
 * A remote's standalone dev page: its screens with the kit's theme, a toast area and a page switcher, so the
 * team can work on the remote without the shell. Signed out, unless the team signs in through the shell.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, NavLink, Outlet, RouterProvider } from 'react-router-dom';
import styled from 'styled-components';
import { configureApi } from '../api/api-client';
import { useAuthStore } from '../auth/auth-store';
import { KitProvider } from '../theme/kit-provider';
import type { PageRoute } from '../shell-remote-contract';
import { ToastArea } from '../toast/toast-area';

/** A page's route module, as the standalone page takes it. */
export type StandalonePage = PageRoute;

const Switcher = styled.nav`
  position: fixed;
  bottom: 0;
  left: 0;
  right: 0;
  z-index: 200;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.brownDark};
  color: ${({ theme }) => theme.colors.parchment};
  a {
    color: ${({ theme }) => theme.colors.goldLight};
  }
  a.active {
    color: ${({ theme }) => theme.colors.white};
    font-weight: 700;
  }
`;

function StandaloneLayout({ name, pages }: { name: string; pages: StandalonePage[] }) {
  useEffect(() => {
    // No identity provider here: the page renders as a signed-out visitor sees it.
    useAuthStore.setState({ loading: false });
  }, []);
  return (
    <>
      <ToastArea />
      <Outlet />
      <Switcher aria-label={`${name} pages`}>
        <strong>{name} (standalone):</strong>
        {pages.map((page) => (
          <NavLink key={page.path} to={page.path.replace(':id', 'sample')} end>
            {page.handle.title}
          </NavLink>
        ))}
      </Switcher>
    </>
  );
}

/** `routes`: the remote's route modules by file (`import.meta.glob`); a data router as the shell's, for useBlocker. */
export function renderStandalone(name: string, routes: Record<string, StandalonePage>): void {
  const pages = Object.values(routes);
  configureApi({ baseUrl: import.meta.env.VITE_API_URL ?? 'http://localhost:3000' });
  const router = createBrowserRouter([
    {
      element: <StandaloneLayout name={name} pages={pages} />,
      children: pages.map(({ path, lazy }) => ({
        path,
        lazy: async () => ({ Component: (await lazy()).default }),
      })),
    },
  ]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <KitProvider>
        <RouterProvider router={router} />
      </KitProvider>
    </StrictMode>,
  );
}

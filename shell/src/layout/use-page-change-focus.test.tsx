import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { KitProvider, Link, Outlet, useDocumentTitle } from 'shared-ui';
import { createMemoryRouter, RouterProvider } from 'shared-ui/test/render';
import { describe, expect, it } from 'vitest';
import { MAIN_ID, usePageChangeFocus } from './use-page-change-focus';

function Layout() {
  const announcement = usePageChangeFocus();
  return (
    <>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/details">Details</Link>
        <Link to="/search?q=bronze">Search</Link>
      </nav>
      <div role="status">{announcement}</div>
      <main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function Home() {
  useDocumentTitle('Home');
  return <h1>Welcome</h1>;
}

/** A page whose heading comes with its data, after a loading text, and whose title is the data's. */
function Details() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  useDocumentTitle(loaded ? 'Rosetta Stone' : null);
  return loaded ? <h1>Rosetta Stone</h1> : <p>Loading artifact details...</p>;
}

function Search() {
  useDocumentTitle('All Artifacts');
  return (
    <>
      <h1>All Artifacts</h1>
      <label>
        Search <input />
      </label>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <Home /> },
          { path: '/details', element: <Details /> },
          { path: '/search', element: <Search /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <KitProvider>
      <RouterProvider router={router} />
    </KitProvider>,
  );
  return router;
}

describe('usePageChangeFocus', () => {
  it('leaves the first page of a visit to the browser: no focus taken, nothing announced', () => {
    renderAt('/');
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("moves focus to the new page's h1 once it is shown, and announces the page's own title", async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Details' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Rosetta Stone' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Rosetta Stone - Heritage Vault'),
    );
  });

  it('announces each page change, Back included', async () => {
    const router = renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('All Artifacts - Heritage Vault'),
    );
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Home - Heritage Vault'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Welcome' }));
  });

  it('leaves focus alone when only the search changes, and where the member put it inside the new page', async () => {
    const router = renderAt('/search');
    const box = screen.getByRole('textbox', { name: 'Search' });
    box.focus();
    await act(() => router.navigate('/search?q=lyre'));
    expect(document.activeElement).toBe(box);

    await act(() => router.navigate('/details'));
    const main = document.getElementById(MAIN_ID)!;
    const typing = document.createElement('input');
    main.prepend(typing);
    typing.focus();
    await screen.findByRole('heading', { level: 1, name: 'Rosetta Stone' });
    expect(document.activeElement).toBe(typing);
  });
});

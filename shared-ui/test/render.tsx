// Renders a component as the site does: inside the kit's theme, data cache and a router.
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { queryClient } from '../src/data/query-client';
import { KitProvider } from '../src/theme/kit-provider';

// The routers for tests that need more than renderWithKit: the same React Router the kit's exports come from.
export { createMemoryRouter, MemoryRouter, RouterProvider };

export function renderWithKit(
  ui: ReactElement,
  { route = '/', ...options }: RenderOptions & { route?: string } = {},
) {
  // The site's one cache outlives a test as it outlives a page: each test starts without the last one's data.
  queryClient.clear();
  // A data router, as the shell's: pages may use what only data mode offers (useBlocker).
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  return render(
    <KitProvider>
      <RouterProvider router={router} />
    </KitProvider>,
    options,
  );
}

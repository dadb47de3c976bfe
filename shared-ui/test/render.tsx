// Renders a component as the site does: inside the kit's theme, data cache and a router.
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { queryClient } from '../src/data/artifact-queries';
import { KitProvider } from '../src/theme/kit-provider';

// The router for tests that need more than renderWithKit: the same React Router the kit's exports come from.
export { MemoryRouter };

export function renderWithKit(
  ui: ReactElement,
  { route = '/', ...options }: RenderOptions & { route?: string } = {},
) {
  // The site's one cache outlives a test as it outlives a page: each test starts without the last one's data.
  queryClient.clear();
  return render(
    <KitProvider>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </KitProvider>,
    options,
  );
}

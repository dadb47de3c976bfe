// Renders a component as the site does: inside the kit's theme and a router.
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { KitProvider } from '../src/theme/kit-provider';

// The router for tests that need more than renderWithKit: the same React Router the kit's exports come from.
export { MemoryRouter };

export function renderWithKit(
  ui: ReactElement,
  { route = '/', ...options }: RenderOptions & { route?: string } = {},
) {
  return render(
    <KitProvider>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </KitProvider>,
    options,
  );
}

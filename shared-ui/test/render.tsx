// Renders a component as the site does: inside the kit's theme and a router.
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../src/routing/router';
import { KitProvider } from '../src/theme/kit-provider';

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

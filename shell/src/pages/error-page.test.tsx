import { fireEvent, render, screen } from '@testing-library/react';
import { KitProvider } from 'shared-ui';
import { createMemoryRouter, RouterProvider } from 'shared-ui/test/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportPageError } from '../telemetry/page-notes';
import { ErrorPage, reportRouteError } from './error-page';

vi.mock('../telemetry/page-notes', () => ({ reportPageError: vi.fn() }));

function renderThrowing(thrown: unknown) {
  const Broken = () => {
    throw thrown;
  };
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorPage /> }]);
  render(
    <KitProvider>
      <RouterProvider router={router} onError={reportRouteError} />
    </KitProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the error page', () => {
  it("shows 'An unexpected error occurred' when what was thrown carries no message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderThrowing({ reason: 'not an Error' });
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred')).toBeTruthy();
    // Release health counts it against the page view.
    expect(reportPageError).toHaveBeenCalledWith('error-boundary');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalled();
  });

  it("shows the error's own message when it has one", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderThrowing(new Error('The catalogue is unreachable'));
    expect(await screen.findByText('The catalogue is unreachable')).toBeTruthy();
    expect(screen.queryByText('An unexpected error occurred')).toBeNull();
  });
});

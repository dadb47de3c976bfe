import { render, screen } from '@testing-library/react';
import { KitProvider, Route, Routes, useAuthStore } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/test/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from './protected-route';
import { authAttempted, startAuth } from './start-auth';

vi.mock('./start-auth', () => ({ authAttempted: vi.fn(() => false), startAuth: vi.fn() }));

function renderMyArtifacts() {
  render(
    <KitProvider>
      <MemoryRouter initialEntries={['/my-artifacts']}>
        <Routes>
          <Route
            path="/my-artifacts"
            element={
              <ProtectedRoute loginToast="Please login to view your artifacts">
                <h1>My Artifacts</h1>
              </ProtectedRoute>
            }
          />
          <Route path="/login" element={<h1>Welcome Back</h1>} />
        </Routes>
      </MemoryRouter>
    </KitProvider>,
  );
}

afterEach(() => {
  vi.mocked(authAttempted).mockReturnValue(false);
  vi.mocked(startAuth).mockClear();
});

describe('ProtectedRoute', () => {
  it('asks Firebase before sending to /login a browser the server drew as a visitor (its session may be Firebase’s only)', () => {
    // As main.tsx leaves the store for a page the render service drew for a visitor: nobody, known at once.
    useAuthStore.setState({ user: null, loading: false });
    renderMyArtifacts();
    expect(screen.getByText('Checking your sign-in...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).toBeNull();
    expect(startAuth).toHaveBeenCalledOnce();
    expect(useAuthStore.getState().loading).toBe(true);
  });

  it('sends a visitor to /login once Firebase has said nobody is signed in', async () => {
    vi.mocked(authAttempted).mockReturnValue(true);
    useAuthStore.setState({ user: null, loading: false });
    renderMyArtifacts();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(startAuth).not.toHaveBeenCalled();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../../../shared-ui/test/render';
import { RemotePage } from './remote-page';
import { loadRemotePage, RemoteLoadError } from './remote-registry';

vi.mock('./remote-registry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./remote-registry')>()),
  loadRemotePage: vi.fn(),
}));
const load = vi.mocked(loadRemotePage);

afterEach(() => load.mockReset());

describe('RemotePage', () => {
  it('shows what failed when the remote cannot be loaded, and Retry really loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValueOnce(new RemoteLoadError('mf_account', 'Profile', new Error('connection refused')));
    load.mockResolvedValueOnce(() => <h1>Profile page</h1>);
    renderWithKit(<RemotePage remote="mf_account" page="Profile" />);

    const fallback = await screen.findByTestId('remote-unavailable');
    expect(fallback.textContent).toContain('The account part of Heritage Vault could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load.mock.calls[1]).toEqual(['mf_account', 'Profile', { retry: true }]);
  });
});

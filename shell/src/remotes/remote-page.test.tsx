import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../../../shared-ui/test/render';
import { lazyRemotePage, RemotePage } from './remote-page';
import { KitMismatchError } from './kit-contract';
import { loadRemotePage, RemoteLoadError } from './remote-registry';
import { reportPageError } from '../telemetry/page-notes';

vi.mock('./remote-registry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./remote-registry')>()),
  loadRemotePage: vi.fn(),
}));
const load = vi.mocked(loadRemotePage);
vi.mock('../telemetry/page-notes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../telemetry/page-notes')>()),
  reportPageError: vi.fn(),
}));
const reported = vi.mocked(reportPageError);

afterEach(() => {
  load.mockReset();
  reported.mockReset();
});

describe('RemotePage', () => {
  it('shows what failed when the remote cannot be loaded, and Retry really loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValueOnce(new RemoteLoadError('mf_account', 'Profile', new Error('connection refused')));
    load.mockResolvedValueOnce({ default: () => <h1>Profile page</h1> });
    renderWithKit(<RemotePage remote="mf_account" page="Profile" />);

    const fallback = await screen.findByTestId('remote-unavailable');
    expect(fallback.textContent).toContain('The account part of Heritage Vault could not be loaded');
    // Release health counts it against the page view.
    expect(reported).toHaveBeenCalledWith('remote-load');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load.mock.calls[1]).toEqual(['mf_account', 'Profile', { retry: true }]);
  });

  it('names both kit versions when the remote was built for a kit this shell does not provide', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = new KitMismatchError('mf_account', '2.0.0+4.abc1234', '^2.0.0', '1.1.0');
    // A page no other test loads: each page's load is cached for the session.
    load.mockRejectedValueOnce(new RemoteLoadError('mf_account', 'Settings', refusal));
    renderWithKit(<RemotePage remote="mf_account" page="Settings" />);

    const fallback = await screen.findByTestId('remote-unavailable');
    expect(fallback.textContent).toContain(
      "The account part of Heritage Vault (release 2.0.0+4.abc1234) was built for version ^2.0.0 of the site's shared kit, and this site provides version 1.1.0, so it is not run.",
    );
    expect(reported).toHaveBeenCalledWith('kit-contract');
  });

  it('renders a preloaded page in its first commit, with no spinner before it', async () => {
    load.mockResolvedValueOnce({ default: () => <h1>Contact page</h1> });
    await lazyRemotePage('mf_catalogue', 'Contact').preload();
    renderWithKit(<RemotePage remote="mf_catalogue" page="Contact" />);

    expect(screen.getByRole('heading', { name: 'Contact page' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a failed preload resolves, and the first commit shows the remote's fallback", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValue(
      new RemoteLoadError('mf_account', 'LikedArtifacts', new Error('connection refused')),
    );
    await expect(lazyRemotePage('mf_account', 'LikedArtifacts').preload()).resolves.toMatchObject({
      default: expect.any(Function),
    });
    renderWithKit(<RemotePage remote="mf_account" page="LikedArtifacts" />);

    expect(screen.getByTestId('remote-unavailable')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'shared-ui';
import { renderWithKit } from 'shared-ui/test/render';
import { describe, expect, it, vi } from 'vitest';
import { signInTestMember, stubApi } from '../../test/account-test-support';
import { makeArtifact } from 'shared-ui/test/make-artifact';
import LikedArtifactsPage from './liked-artifacts-page';

const LIKED_PATH = '/artifacts/liked/me';

describe('LikedArtifactsPage', () => {
  it('shows the loading text, then a card per liked artifact with its details and a link to its page', async () => {
    signInTestMember();
    const vase = makeArtifact({
      name: 'Ming Vase',
      type: 'Pottery',
      presentLocation: 'Palace Museum',
      createdAt: '1425',
    });
    const sword = makeArtifact({
      name: 'Viking Sword',
      type: 'Weapons',
      presentLocation: 'Oslo',
      createdAt: '900 AD',
    });
    const fetchMock = stubApi({ [LIKED_PATH]: () => ({ body: [vase, sword] }) });

    renderWithKit(<LikedArtifactsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Your Liked Artifacts' })).toBeTruthy();
    expect(screen.getByText('Loading your liked artifacts...')).toBeTruthy();
    const cards = await screen.findAllByTestId('artifact-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByText('You have liked 2 artifacts.')).toBeTruthy();

    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Ming Vase' })).toBeTruthy();
    expect(first.getByRole('img', { name: 'Ming Vase' }).getAttribute('src')).toBe(vase.image);
    expect(first.getByText('Location: Palace Museum')).toBeTruthy();
    expect(first.getByText('Created: 1425')).toBeTruthy();
    expect(first.getByText('Type: Pottery')).toBeTruthy();
    expect(first.getByText(vase.description)).toBeTruthy();
    expect(first.getByRole('link', { name: /View Details/ }).getAttribute('href')).toBe(
      `/artifact-details/${vase._id}`,
    );
    expect(within(cards[1]!).getByText('Type: Weapons')).toBeTruthy();
    expect(screen.queryByText('Loading your liked artifacts...')).toBeNull();

    // The member's own list, with the bearer token from the signed-in member.
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer test-id-token');
  });

  it('invites the member to explore when nothing is liked yet', async () => {
    signInTestMember();
    stubApi({ [LIKED_PATH]: () => ({ body: [] }) });

    renderWithKit(<LikedArtifactsPage />);

    expect(await screen.findByText("You haven't liked any artifacts yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore artifacts' }).getAttribute('href')).toBe(
      '/all-artifacts',
    );
    expect(screen.queryByTestId('artifact-card')).toBeNull();
  });

  it('toasts the failure, says so on the page, and loads again on Try Again', async () => {
    signInTestMember();
    const errorToast = vi.spyOn(toast, 'error');
    let fail = true;
    stubApi({
      [LIKED_PATH]: () =>
        fail ? { status: 500, body: { success: false } } : { body: [makeArtifact({ name: 'Lyre' })] },
    });

    renderWithKit(<LikedArtifactsPage />);

    expect(await screen.findByText('Failed to fetch liked artifacts')).toBeTruthy();
    expect(errorToast).toHaveBeenCalledWith('Failed to fetch liked artifacts', expect.anything());

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Lyre' })).toBeTruthy();
    expect(screen.queryByText('Failed to fetch liked artifacts')).toBeNull();
  });

  it("prefers the server's message in the toast when it sends one", async () => {
    signInTestMember();
    const errorToast = vi.spyOn(toast, 'error');
    stubApi({
      [LIKED_PATH]: () => ({ status: 401, body: { success: false, message: 'Your session has expired' } }),
    });

    renderWithKit(<LikedArtifactsPage />);

    await screen.findByRole('button', { name: 'Try Again' });
    expect(errorToast).toHaveBeenCalledWith('Your session has expired', expect.anything());
  });
});

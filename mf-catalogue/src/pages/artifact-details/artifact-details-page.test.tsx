import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Artifact, Route, Routes, toast, useAuthStore } from 'shared-ui';
import { makeArtifact } from 'shared-ui/test/make-artifact';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as shared from 'shared-ui/api/shared-calls';
import * as api from '../../data/catalogue-api';
import ArtifactDetailsPage from './artifact-details-page';

// The kit's call behind the query this page shares with Update Artifact, so the kit's query calls the mock too.
vi.mock('shared-ui/api/shared-calls', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui/api/shared-calls')>()),
  fetchArtifact: vi.fn(),
}));
vi.mock('../../data/catalogue-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/catalogue-api')>()),
  likeArtifact: vi.fn(),
  dislikeArtifact: vi.fn(),
}));

const fetchArtifact = vi.mocked(shared.fetchArtifact);
const likeArtifact = vi.mocked(api.likeArtifact);
const dislikeArtifact = vi.mocked(api.dislikeArtifact);

const ID = '0b6f3f0e-1d2c-4c1a-9a51-3c5cf4a9d001';
const artifact = (overrides: Partial<Artifact> = {}): Artifact =>
  makeArtifact({ _id: ID, likeCount: 5, myVote: null, ...overrides });

const member = { uid: 'u1', email: 'ada@heritage.test', displayName: 'Ada', photoURL: null, createdAt: null };
/** The spec's browser-storage vote lists (section 3), which the page no longer keeps (docs/decisions.md). */
const VOTE_LISTS = ['likedArtifacts', 'dislikedArtifacts'];
const storedVoteLists = () => VOTE_LISTS.filter((key) => localStorage.getItem(key) !== null);

function renderPage() {
  return renderWithKit(
    <Routes>
      <Route path="/artifact-details/:id" element={<ArtifactDetailsPage />} />
    </Routes>,
    { route: `/artifact-details/${ID}` },
  );
}

const likeButton = () => screen.getByRole('button', { name: /^Like(d)?$/ });
const dislikeButton = () => screen.getByRole('button', { name: /^Dislike(d)?$/ });

beforeEach(() => {
  useAuthStore.setState({ user: member, loading: false });
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
  useAuthStore.setState({ user: null, loading: true });
});

describe('Artifact Details', () => {
  it('shows the loading text, then every field and the document title', async () => {
    fetchArtifact.mockResolvedValue(artifact());
    renderPage();
    expect(screen.getByText('Loading artifact details...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosetta Stone' })).toBeTruthy();
    for (const text of [
      'British Museum, London',
      '196 BC',
      '1799',
      'Curators',
      'curators@heritagevault.org',
      'Writings',
      '5 likes',
    ]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    for (const label of ['Location', 'Created', 'Discovered', 'Added by', 'Contact', 'Type']) {
      expect(screen.getByText(label, { selector: 'dt' })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Historical Context' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Description' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rosetta Stone' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Rosetta Stone - Heritage Vault'));
  });

  it("says 'Artifact not found' when the server has none", async () => {
    fetchArtifact.mockRejectedValue(new ApiError('Artifact not found', 404, 'Artifact not found'));
    renderPage();
    expect(await screen.findByText('Artifact not found')).toBeTruthy();
  });

  it('toasts a failed fetch and offers Try Again', async () => {
    fetchArtifact.mockRejectedValueOnce(new ApiError('API call failed', 0)).mockResolvedValueOnce(artifact());
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch artifact details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosetta Stone' })).toBeTruthy();
  });

  it("counts in the singular and the plural: '0 likes', then '1 like' after a Like", async () => {
    fetchArtifact.mockResolvedValue(artifact({ likeCount: 0, myVote: null }));
    likeArtifact.mockResolvedValue({
      success: true,
      message: 'Artifact liked successfully!',
      likeCount: 1,
      myVote: 'liked',
    });
    renderPage();
    await screen.findByText('0 likes');
    await userEvent.click(likeButton());
    expect(await screen.findByText('1 like')).toBeTruthy();
  });

  it('neutral: Like enabled, Dislike aria-disabled (still focusable); Like goes to liked with +1 and a toast', async () => {
    fetchArtifact.mockResolvedValue(artifact({ likeCount: 5, myVote: null }));
    likeArtifact.mockResolvedValue({
      success: true,
      message: 'Artifact liked successfully!',
      likeCount: 6,
      myVote: 'liked',
    });
    renderPage();
    await screen.findByText('5 likes');
    expect(likeButton().textContent).toBe('Like');
    expect((likeButton() as HTMLButtonElement).disabled).toBe(false);
    expect(dislikeButton().getAttribute('aria-disabled')).toBe('true');

    await userEvent.click(likeButton());
    expect(likeArtifact).toHaveBeenCalledWith(ID, 'ada@heritage.test');
    expect(await screen.findByText('6 likes')).toBeTruthy();
    expect(likeButton().textContent).toBe('Liked');
    expect((likeButton() as HTMLButtonElement).disabled).toBe(true);
    expect((dislikeButton() as HTMLButtonElement).disabled).toBe(false);
    expect(dislikeButton().hasAttribute('aria-disabled')).toBe(false);
    expect(toast.success).toHaveBeenCalledWith('Artifact liked successfully!');
  });

  it('keeps a keyboard member on the vote buttons: Enter on Like moves focus to Dislike, the one still enabled', async () => {
    fetchArtifact.mockResolvedValue(artifact({ likeCount: 5, myVote: null }));
    likeArtifact.mockResolvedValue({
      success: true,
      message: 'Artifact liked successfully!',
      likeCount: 6,
      myVote: 'liked',
    });
    renderPage();
    await screen.findByText('5 likes');
    likeButton().focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('6 likes')).toBeTruthy();
    expect((likeButton() as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(dislikeButton()));
    // The count is a polite live region, so the new count is announced.
    expect(screen.getByText('6 likes').getAttribute('aria-live')).toBe('polite');
  });

  it('liked -> disliked (-1) -> liked again (+1), the vote kept by the server only (nothing in browser storage)', async () => {
    fetchArtifact.mockResolvedValue(artifact({ likeCount: 6, myVote: 'liked' }));
    dislikeArtifact.mockResolvedValue({
      success: true,
      message: 'Artifact disliked',
      likeCount: 5,
      myVote: 'disliked',
    });
    likeArtifact.mockResolvedValue({
      success: true,
      message: 'Artifact liked successfully!',
      likeCount: 6,
      myVote: 'liked',
    });
    renderPage();
    await screen.findByText('6 likes');
    expect(likeButton().textContent).toBe('Liked');

    await userEvent.click(dislikeButton());
    expect(await screen.findByText('5 likes')).toBeTruthy();
    expect(dislikeButton().textContent).toBe('Disliked');
    expect(toast.success).toHaveBeenCalledWith('Artifact disliked');

    // Disliked: Dislike stays enabled but is inert.
    expect((dislikeButton() as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(dislikeButton());
    expect(dislikeArtifact).toHaveBeenCalledTimes(1);

    await userEvent.click(likeButton());
    expect(await screen.findByText('6 likes')).toBeTruthy();
    expect(likeButton().textContent).toBe('Liked');
    expect(storedVoteLists()).toEqual([]);
  });

  it("starts from the server's vote whatever an earlier release left in this browser's storage", async () => {
    localStorage.setItem('likedArtifacts', JSON.stringify([ID]));
    fetchArtifact.mockResolvedValue(artifact({ myVote: 'disliked' }));
    renderPage();
    await screen.findByText('5 likes');
    expect(dislikeButton().textContent).toBe('Disliked');
  });

  it('shows no vote when the server tells none (no token), whatever an earlier release left in storage', async () => {
    useAuthStore.setState({ user: null, loading: false });
    localStorage.setItem('likedArtifacts', JSON.stringify([ID]));
    fetchArtifact.mockResolvedValue(artifact({ myVote: undefined }));
    renderPage();
    await screen.findByText('5 likes');
    expect(likeButton().textContent).toBe('Like');
  });

  it('toasts a failed dislike and leaves the state alone', async () => {
    fetchArtifact.mockResolvedValue(artifact({ myVote: 'liked' }));
    dislikeArtifact.mockRejectedValue(new ApiError('API call failed', 500));
    renderPage();
    await screen.findByText('5 likes');
    await userEvent.click(dislikeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update dislike status'));
    expect(likeButton().textContent).toBe('Liked');
    expect(screen.getByText('5 likes')).toBeTruthy();
  });

  it('toasts a failed like and leaves the state alone', async () => {
    fetchArtifact.mockResolvedValue(artifact({ myVote: null }));
    likeArtifact.mockRejectedValue(new ApiError('API call failed', 0));
    renderPage();
    await screen.findByText('5 likes');
    await userEvent.click(likeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update like status'));
    expect(likeButton().textContent).toBe('Like');
  });

  it("a refused vote (409) shows the server's message and takes the server's state again", async () => {
    fetchArtifact
      .mockResolvedValueOnce(artifact({ likeCount: 5, myVote: null }))
      .mockResolvedValueOnce(artifact({ likeCount: 6, myVote: 'liked' }));
    likeArtifact.mockRejectedValue(
      new ApiError('You already like this artifact', 409, 'You already like this artifact'),
    );
    renderPage();
    await screen.findByText('5 likes');
    await userEvent.click(likeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You already like this artifact'));
    expect(await screen.findByText('6 likes')).toBeTruthy();
    expect(likeButton().textContent).toBe('Liked');
  });

  it('treats a session the server no longer accepts (401) as signed out', async () => {
    fetchArtifact.mockResolvedValue(artifact({ myVote: null }));
    likeArtifact.mockRejectedValue(new ApiError('Invalid or expired token', 401, 'Invalid or expired token'));
    renderPage();
    await screen.findByText('5 likes');
    await userEvent.click(likeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Please login to like artifacts'));
    expect(likeButton().textContent).toBe('Like');
  });

  it('asks a signed-out visitor to log in instead of liking', async () => {
    useAuthStore.setState({ user: null, loading: false });
    fetchArtifact.mockResolvedValue(artifact({ myVote: undefined }));
    renderPage();
    await screen.findByText('5 likes');
    await userEvent.click(likeButton());
    expect(toast.error).toHaveBeenCalledWith('Please login to like artifacts');
    expect(likeArtifact).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to log in instead of disliking', async () => {
    useAuthStore.setState({ user: null, loading: false });
    fetchArtifact.mockResolvedValue(artifact({ myVote: undefined }));
    renderPage();
    await screen.findByText('5 likes');
    await userEvent.click(dislikeButton());
    expect(toast.error).toHaveBeenCalledWith('Please login to dislike artifacts');
    expect(dislikeArtifact).not.toHaveBeenCalled();
  });

  it('keeps Dislike in the tab order before a like, saying why it does nothing, on focus and when pressed', async () => {
    fetchArtifact.mockResolvedValue(artifact({ likeCount: 5, myVote: null }));
    renderPage();
    await screen.findByText('5 likes');
    await userEvent.tab(); // Back to All Artifacts
    await userEvent.tab(); // Like
    await userEvent.tab();
    expect(document.activeElement).toBe(dislikeButton());
    expect(dislikeButton().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Dislike' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(dislikeButton().textContent).toBe('Dislike');
    const reason = 'Like this artifact first: only an artifact you liked can be disliked.';
    expect(document.getElementById(dislikeButton().getAttribute('aria-describedby')!)?.textContent).toBe(
      reason,
    );
    await userEvent.keyboard('{Enter}');
    expect(toast.error).toHaveBeenCalledWith(reason);
    expect(dislikeArtifact).not.toHaveBeenCalled();
  });

  it("describes a signed-out visitor's Dislike with the spec's login text", async () => {
    useAuthStore.setState({ user: null, loading: false });
    fetchArtifact.mockResolvedValue(artifact({ myVote: undefined }));
    renderPage();
    await screen.findByText('5 likes');
    const describedBy = dislikeButton().getAttribute('aria-describedby');
    expect(document.getElementById(describedBy!)?.textContent).toBe('Please login to dislike artifacts');
    await userEvent.click(dislikeButton());
    expect(toast.error).toHaveBeenCalledWith('Please login to dislike artifacts');
    expect(dislikeArtifact).not.toHaveBeenCalled();
  });
});

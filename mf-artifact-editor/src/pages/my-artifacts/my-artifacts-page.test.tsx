import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from 'shared-ui';
import { fetchMyArtifacts } from 'shared-ui/api/shared-calls';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteArtifact } from '../../data/editor-api';
import { anArtifact } from '../../test/artifact-fixture';
import { signInMember } from '../../test/signed-in-member';
import { confirmAndDelete, loadDialogs, showDeleted, showDeleteFailed } from './delete-artifact-dialogs';
import MyArtifactsPage from './my-artifacts-page';

// The kit's call behind the query this page shares with the Profile, so the kit's query calls the mock too.
vi.mock('shared-ui/api/shared-calls', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui/api/shared-calls')>()),
  fetchMyArtifacts: vi.fn(),
}));
vi.mock('../../data/editor-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/editor-api')>()),
  deleteArtifact: vi.fn(),
}));
// The dialogs themselves are tested with the real sweetalert2 in delete-artifact-dialogs.test.ts.
vi.mock('./delete-artifact-dialogs', () => ({
  loadDialogs: vi.fn(() => Promise.resolve()),
  confirmAndDelete: vi.fn(),
  showDeleted: vi.fn(() => Promise.resolve()),
  showDeleteFailed: vi.fn(() => Promise.resolve()),
}));

const rosetta = anArtifact();
const mask = anArtifact({
  _id: '0b9d8c7e-1111-4222-8333-944455566677',
  name: 'Mask of Agamemnon',
  presentLocation: 'National Archaeological Museum, Athens',
  createdAt: '1550 BC',
});

const cardOf = (name: string) =>
  screen.getAllByTestId('artifact-card').find((card) => within(card).queryByRole('heading', { name }));

describe('My Artifacts', () => {
  beforeEach(() => {
    signInMember();
    vi.mocked(fetchMyArtifacts).mockResolvedValue([rosetta, mask]);
  });
  afterEach(() => vi.clearAllMocks());

  it('shows the title, loading text, then a card per artifact with its details, Update link and Delete button', async () => {
    renderWithKit(<MyArtifactsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Artifacts Collection' })).toBeTruthy();
    expect(screen.getByText('Manage and update your contributed artifacts')).toBeTruthy();
    expect(screen.getByText('Loading your artifacts...')).toBeTruthy();

    expect(await screen.findAllByTestId('artifact-card')).toHaveLength(2);
    const card = within(cardOf('Rosetta Stone')!);
    expect(card.getByRole('img', { name: 'Rosetta Stone' }).getAttribute('src')).toBe(rosetta.image);
    expect(card.getByText('Location: British Museum, London')).toBeTruthy();
    expect(card.getByText('Created: 196 BC')).toBeTruthy();
    expect(card.getByText(rosetta.description)).toBeTruthy();
    expect(card.getByRole('link', { name: 'Update Rosetta Stone' }).getAttribute('href')).toBe(
      `/update-artifact/${rosetta._id}`,
    );
    expect(card.getByRole('button', { name: 'Delete Rosetta Stone' })).toBeTruthy();
    expect(screen.getByText('You have added 2 artifacts to the vault.')).toBeTruthy();
  });

  it('asks for the delete dialogs once the list is on screen, not while it loads', async () => {
    let answer!: (artifacts: (typeof rosetta)[]) => void;
    vi.mocked(fetchMyArtifacts).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWithKit(<MyArtifactsPage />);
    expect(screen.getByText('Loading your artifacts...')).toBeTruthy();
    expect(loadDialogs).not.toHaveBeenCalled();
    answer([rosetta, mask]);
    expect(await screen.findAllByTestId('artifact-card')).toHaveLength(2);
    await waitFor(() => expect(loadDialogs).toHaveBeenCalledTimes(1));
  });

  it('does not ask for the delete dialogs when there is nothing to delete', async () => {
    vi.mocked(fetchMyArtifacts).mockResolvedValue([]);
    renderWithKit(<MyArtifactsPage />);
    expect(await screen.findByRole('heading', { name: 'No Artifacts Added Yet' })).toBeTruthy();
    expect(loadDialogs).not.toHaveBeenCalled();
  });

  it('shows the empty state with a link to add the first artifact', async () => {
    vi.mocked(fetchMyArtifacts).mockResolvedValue([]);
    renderWithKit(<MyArtifactsPage />);
    expect(await screen.findByRole('heading', { name: 'No Artifacts Added Yet' })).toBeTruthy();
    expect(screen.getByText('Start building your collection by adding your first artifact.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Your First Artifact' }).getAttribute('href')).toBe(
      '/add-artifact',
    );
  });

  it('toasts a failed load and offers Try Again, which loads again', async () => {
    const error = vi.spyOn(toast, 'error');
    vi.mocked(fetchMyArtifacts).mockRejectedValueOnce(new ApiError('x', 500));
    const user = userEvent.setup();
    renderWithKit(<MyArtifactsPage />);
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(error).toHaveBeenCalledWith('Failed to fetch your artifacts');
    expect(await screen.findAllByTestId('artifact-card')).toHaveLength(2);
    expect(fetchMyArtifacts).toHaveBeenCalledTimes(2);
  });

  it('keeps the card when the member cancels', async () => {
    vi.mocked(confirmAndDelete).mockResolvedValue('cancelled');
    const user = userEvent.setup();
    renderWithKit(<MyArtifactsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Rosetta Stone' }));
    expect(confirmAndDelete).toHaveBeenCalledWith('Rosetta Stone', expect.any(Function));
    expect(screen.getAllByTestId('artifact-card')).toHaveLength(2);
    expect(showDeleted).not.toHaveBeenCalled();
    expect(deleteArtifact).not.toHaveBeenCalled();
  });

  it('deletes the confirmed artifact, removes its card and tells so', async () => {
    vi.mocked(confirmAndDelete).mockImplementation(async (_name, remove) => {
      await remove();
      return 'deleted';
    });
    const user = userEvent.setup();
    renderWithKit(<MyArtifactsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Rosetta Stone' }));
    expect(deleteArtifact).toHaveBeenCalledWith(rosetta._id);
    await waitFor(() => expect(screen.getAllByTestId('artifact-card')).toHaveLength(1));
    expect(cardOf('Rosetta Stone')).toBeUndefined();
    expect(showDeleted).toHaveBeenCalledTimes(1);
    expect(screen.getByText('You have added 1 artifact to the vault.')).toBeTruthy();
    // The Delete button left with its card: focus continues from the collection summary.
    await waitFor(() => expect(document.activeElement?.id).toBe('my-artifacts-summary'));
  });

  it('keeps the card and shows the error dialog when the delete fails', async () => {
    vi.mocked(confirmAndDelete).mockResolvedValue('failed');
    const user = userEvent.setup();
    renderWithKit(<MyArtifactsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Mask of Agamemnon' }));
    await waitFor(() => expect(showDeleteFailed).toHaveBeenCalledTimes(1));
    expect(screen.getAllByTestId('artifact-card')).toHaveLength(2);
    expect(showDeleted).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to delete artifact' and keeps the card when the dialogs' code cannot load", async () => {
    const error = vi.spyOn(toast, 'error');
    vi.mocked(confirmAndDelete).mockRejectedValueOnce(
      new TypeError('Failed to fetch dynamically imported module'),
    );
    const user = userEvent.setup();
    renderWithKit(<MyArtifactsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Rosetta Stone' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to delete artifact'));
    expect(deleteArtifact).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('artifact-card')).toHaveLength(2);
  });

  it('shows the empty state after the last artifact is deleted', async () => {
    vi.mocked(fetchMyArtifacts).mockResolvedValue([rosetta]);
    vi.mocked(confirmAndDelete).mockResolvedValue('deleted');
    const user = userEvent.setup();
    renderWithKit(<MyArtifactsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Rosetta Stone' }));
    expect(await screen.findByRole('heading', { name: 'No Artifacts Added Yet' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Add Your First Artifact' })),
    );
  });
});

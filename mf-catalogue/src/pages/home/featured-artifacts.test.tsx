import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Artifact, toast } from 'shared-ui';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../data/catalogue-api';
import { FeaturedArtifacts } from './featured-artifacts';

vi.mock('../../data/catalogue-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/catalogue-api')>()),
  fetchTopLikedArtifacts: vi.fn(),
}));
const fetchTopLiked = vi.mocked(api.fetchTopLikedArtifacts);

const artifact = (id: string, name: string, likeCount: number) =>
  ({
    _id: id,
    name,
    image: 'https://example.test/a.png',
    description: `About ${name}`,
    likeCount,
  }) as Artifact;

beforeEach(() => vi.spyOn(toast, 'error'));
afterEach(() => vi.resetAllMocks());

describe('Featured Artifacts', () => {
  it('shows the most-liked artifacts, each linking to its details, and View All', async () => {
    fetchTopLiked.mockResolvedValue([
      artifact('a1', 'Rosetta Stone', 12),
      artifact('a2', 'Terracotta Warrior', 1),
    ]);
    renderWithKit(<FeaturedArtifacts />);
    expect(screen.getByText('Loading featured artifacts...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Rosetta Stone' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Details: Rosetta Stone' }).getAttribute('href')).toBe(
      '/artifact-details/a1',
    );
    expect(screen.getByRole('link', { name: 'View Details: Terracotta Warrior' }).getAttribute('href')).toBe(
      '/artifact-details/a2',
    );
    expect(screen.getByText('12 likes')).toBeTruthy();
    expect(screen.getByText('1 like')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/all-artifacts');
  });

  it("says 'No featured artifacts available yet.' when there are none", async () => {
    fetchTopLiked.mockResolvedValue([]);
    renderWithKit(<FeaturedArtifacts />);
    expect(await screen.findByText('No featured artifacts available yet.')).toBeTruthy();
  });

  it('toasts a failure, and Try Again fetches the list again', async () => {
    fetchTopLiked
      .mockRejectedValueOnce(new ApiError('API call failed', 0))
      .mockResolvedValueOnce([artifact('a1', 'Rosetta Stone', 3)]);
    renderWithKit(<FeaturedArtifacts />);
    const tryAgain = await screen.findByRole('button', { name: 'Try Again' });
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch featured artifacts');
    await userEvent.click(tryAgain);
    expect(await screen.findByRole('heading', { name: 'Rosetta Stone' })).toBeTruthy();
    expect(fetchTopLiked).toHaveBeenCalledTimes(2);
  });

  it("prefers the server's message in the failure toast", async () => {
    fetchTopLiked.mockRejectedValue(new ApiError('Database is starting', 503, 'Database is starting'));
    renderWithKit(<FeaturedArtifacts />);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Database is starting'));
  });
});

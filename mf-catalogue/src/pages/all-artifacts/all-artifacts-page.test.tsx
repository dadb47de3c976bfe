import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Artifact, Route, Routes, toast, useLocation } from 'shared-ui';
import { makeArtifact } from 'shared-ui/test/make-artifact';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../data/catalogue-api';
import type { ArtifactPage, ArtifactSearch } from '../../data/catalogue-api';
import AllArtifactsPage from './all-artifacts-page';
import { backToListUrl } from './back-to-list';

vi.mock('../../data/catalogue-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/catalogue-api')>()),
  searchArtifacts: vi.fn(),
}));
const searchArtifacts = vi.mocked(api.searchArtifacts);

/** The n-th of a page of artifacts: each field that search reads says which one it is. */
const make = (n: number, overrides: Partial<Artifact> = {}): Artifact =>
  makeArtifact({
    _id: `id-${n}`,
    name: `Artifact ${n}`,
    image: `https://example.test/${n}.png`,
    type: 'Pottery',
    description: `Description ${n}`,
    presentLocation: `Museum ${n}`,
    likeCount: 0,
    ...overrides,
  });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

const renderPage = (route = '/all-artifacts') =>
  renderWithKit(
    <>
      <AllArtifactsPage />
      <LocationProbe />
    </>,
    { route },
  );

const lastSearch = (): ArtifactSearch => searchArtifacts.mock.calls.at(-1)![0];

beforeEach(() => vi.spyOn(toast, 'error'));
afterEach(() => vi.resetAllMocks());

describe('All Artifacts', () => {
  it('loads every artifact for a blank search, with the cards the spec lists', async () => {
    searchArtifacts.mockResolvedValue({ items: [make(1), make(2)], total: 2, nextCursor: null });
    renderPage();
    expect(screen.getByText('Loading artifacts...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Artifact 1' })).toBeTruthy();
    expect(lastSearch()).toMatchObject({ q: '', type: '' });
    const card = screen.getAllByTestId('artifact-card')[0]!;
    for (const text of ['Museum 1', '196 BC', 'Description 1', 'Pottery'])
      expect(card.textContent).toContain(text);
    expect(screen.getByRole('link', { name: 'View Details: Artifact 1' }).getAttribute('href')).toBe(
      '/artifact-details/id-1',
    );
    // No count line while nothing is searched.
    expect(screen.queryByText(/^Found/)).toBeNull();
  });

  it('searches the trimmed term after typing pauses, shows the count and puts the term in the URL', async () => {
    searchArtifacts.mockResolvedValue({ items: [make(1), make(2)], total: 2, nextCursor: null });
    renderPage();
    await screen.findByRole('heading', { name: 'Artifact 1' });
    searchArtifacts.mockResolvedValue({ items: [make(3)], total: 41, nextCursor: 'next' });
    await userEvent.type(screen.getByLabelText('Search artifacts'), '  Vase ');
    expect(await screen.findByText('Found 41 results for "Vase"')).toBeTruthy();
    expect(lastSearch()).toMatchObject({ q: 'Vase' });
    // One request for the whole word, not one per keystroke.
    expect(searchArtifacts).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('location').textContent).toBe('?q=Vase');
    // The box keeps what was typed.
    expect((screen.getByLabelText('Search artifacts') as HTMLInputElement).value).toBe('  Vase ');
  });

  it('keeps the last results on screen while a new search loads, dimming them only if it takes a while', async () => {
    searchArtifacts.mockResolvedValue({ items: [make(1)], total: 1, nextCursor: null });
    renderPage();
    await screen.findByRole('heading', { name: 'Artifact 1' });
    const results = () => screen.getByRole('list', { name: 'All Artifacts' }).parentElement!;
    expect(results().getAttribute('aria-busy')).toBe('false');
    expect(getComputedStyle(results()).transition).toBe('none');

    let answer!: (page: ArtifactPage) => void;
    searchArtifacts.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await userEvent.type(screen.getByLabelText('Search artifacts'), 'Vase');
    await waitFor(() => expect(lastSearch()).toMatchObject({ q: 'Vase' }));
    expect(screen.getByRole('heading', { name: 'Artifact 1' })).toBeTruthy();
    expect(results().getAttribute('aria-busy')).toBe('true');
    expect(getComputedStyle(results()).opacity).toBe('0.55');
    expect(getComputedStyle(results()).transition).toBe('opacity 0.2s linear 0.2s');

    answer({ items: [make(2)], total: 1, nextCursor: null });
    expect(await screen.findByRole('heading', { name: 'Artifact 2' })).toBeTruthy();
    expect(results().getAttribute('aria-busy')).toBe('false');
    expect(getComputedStyle(results()).opacity).toBe('1');
    expect(getComputedStyle(results()).transition).toBe('none');
  });

  it('starts from ?q= in the URL', async () => {
    searchArtifacts.mockResolvedValue({ items: [make(1)], total: 1, nextCursor: null });
    renderPage('/all-artifacts?q=amphora');
    expect(await screen.findByText('Found 1 results for "amphora"')).toBeTruthy();
    expect((screen.getByLabelText('Search artifacts') as HTMLInputElement).value).toBe('amphora');
    expect(searchArtifacts).toHaveBeenCalledTimes(1);
    expect(lastSearch()).toMatchObject({ q: 'amphora' });
  });

  it('clearing the box shows everything again and drops ?q=', async () => {
    searchArtifacts.mockResolvedValue({ items: [make(1)], total: 1, nextCursor: null });
    renderPage('/all-artifacts?q=amphora');
    await screen.findByText('Found 1 results for "amphora"');
    await userEvent.clear(screen.getByLabelText('Search artifacts'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ q: '' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(''));
    expect(screen.queryByText(/^Found/)).toBeNull();
  });

  it('filters by type through ?type=', async () => {
    searchArtifacts.mockResolvedValue({ items: [make(1)], total: 1, nextCursor: null });
    renderPage();
    await screen.findByRole('heading', { name: 'Artifact 1' });
    await userEvent.selectOptions(screen.getByLabelText('Artifact type'), 'Jewelry');
    await waitFor(() => expect(lastSearch()).toMatchObject({ q: '', type: 'Jewelry' }));
    expect(screen.getByTestId('location').textContent).toBe('?type=Jewelry');
    expect(await screen.findByText('1 artifact of type Jewelry')).toBeTruthy();
  });

  it('names the type in the count of a search narrowed by one', async () => {
    searchArtifacts.mockResolvedValue({ items: [make(1)], total: 3, nextCursor: null });
    renderPage('/all-artifacts?q=bronze&type=Weapons');
    expect(await screen.findByText('Found 3 results for "bronze" in Weapons')).toBeTruthy();
    expect(lastSearch()).toMatchObject({ q: 'bronze', type: 'Weapons' });
  });

  it('sorts through a labelled select kept in ?sort=, the default newest left out of the URL and the request', async () => {
    searchArtifacts.mockResolvedValue({ items: [make(1)], total: 1, nextCursor: null });
    renderPage('/all-artifacts?sort=most-liked');
    await screen.findByRole('heading', { name: 'Artifact 1' });
    const sort = screen.getByLabelText('Sort by');
    expect(sort.tagName).toBe('SELECT');
    expect(sort).toHaveProperty('value', 'most-liked');
    expect(lastSearch()).toMatchObject({ sort: 'most-liked' });
    expect([...sort.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Newest first',
      'Oldest first',
      'Name (A-Z)',
      'Most liked',
    ]);

    await userEvent.selectOptions(sort, 'Name (A-Z)');
    await waitFor(() => expect(lastSearch()).toMatchObject({ sort: 'name' }));
    expect(screen.getByTestId('location').textContent).toBe('?sort=name');
    await userEvent.selectOptions(sort, 'Newest first');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(''));
    expect(lastSearch()).not.toHaveProperty('sort');
    // An order the list does not know is the default.
    renderPage('/all-artifacts?sort=random');
    expect(screen.getAllByLabelText('Sort by')[1]).toHaveProperty('value', 'newest');
  });

  it('Clear filters empties the box and drops the search, the type and the sort, then focuses the box', async () => {
    searchArtifacts.mockResolvedValue({ items: [make(1)], total: 1, nextCursor: null });
    renderPage('/all-artifacts?q=bronze&type=Weapons&sort=oldest');
    await screen.findByText('Found 1 results for "bronze" in Weapons');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(''));
    expect(screen.getByLabelText('Search artifacts')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Artifact type')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Sort by')).toHaveProperty('value', 'newest');
    expect(document.activeElement).toBe(screen.getByLabelText('Search artifacts'));
    await waitFor(() => expect(lastSearch()).toEqual({ q: '', type: '', limit: 24, cursor: null }));
    // Nothing left to clear.
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    // A word typed but not yet searched is something to clear too.
    await userEvent.type(screen.getByLabelText('Search artifacts'), 'x');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it("a result's link carries the list's search, which Artifact Details' way back returns to", async () => {
    function DetailsProbe() {
      return <output data-testid="back">{backToListUrl(useLocation().state)}</output>;
    }
    searchArtifacts.mockResolvedValue({ items: [make(1)], total: 1, nextCursor: null });
    renderWithKit(
      <Routes>
        <Route path="/all-artifacts" element={<AllArtifactsPage />} />
        <Route path="/artifact-details/:id" element={<DetailsProbe />} />
      </Routes>,
      { route: '/all-artifacts?type=Pottery&q=%20amphora%20&sort=name' },
    );
    await userEvent.click(await screen.findByRole('link', { name: 'View Details: Artifact 1' }));
    expect(await screen.findByTestId('back')).toHaveProperty(
      'textContent',
      '/all-artifacts?q=amphora&type=Pottery&sort=name',
    );
  });

  it("says 'No artifacts found matching your search.' when a search finds nothing", async () => {
    searchArtifacts.mockResolvedValue({ items: [], total: 0, nextCursor: null });
    renderPage('/all-artifacts?q=zzz');
    expect(await screen.findByText('No artifacts found matching your search.')).toBeTruthy();
    expect(screen.getByText('Found 0 results for "zzz"')).toBeTruthy();
  });

  it("says 'No artifacts found. Be the first to add one!' when the collection is empty", async () => {
    searchArtifacts.mockResolvedValue({ items: [], total: 0, nextCursor: null });
    renderPage();
    expect(await screen.findByText('No artifacts found. Be the first to add one!')).toBeTruthy();
  });

  it('toasts a failed fetch and retries on Try Again', async () => {
    searchArtifacts.mockRejectedValueOnce(new ApiError('API call failed', 0));
    searchArtifacts.mockResolvedValueOnce({ items: [make(1)], total: 1, nextCursor: null });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch artifacts');
    expect(await screen.findByRole('heading', { name: 'Artifact 1' })).toBeTruthy();
  });

  it('loads the next page with the cursor and appends it', async () => {
    const first = Array.from({ length: 24 }, (_, i) => make(i + 1));
    searchArtifacts.mockResolvedValueOnce({ items: first, total: 30, nextCursor: 'cursor-2' });
    searchArtifacts.mockResolvedValueOnce({ items: [make(25), make(26)], total: 30, nextCursor: null });
    renderPage();
    expect(await screen.findByText('Showing 24 of 30 artifacts')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Artifact 26' })).toBeTruthy();
    expect(lastSearch()).toMatchObject({ cursor: 'cursor-2', limit: 24 });
    expect(screen.getAllByTestId('artifact-card')).toHaveLength(26);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

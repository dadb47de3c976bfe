/** The catalogue remote's pages as a visitor uses them: Home, All Artifacts, Artifact Details, About, Contact. */
import { expect, type Locator, type Page } from '@playwright/test';
import { expectLivePage } from './live-page.ts';

export class CataloguePage {
  constructor(readonly page: Page) {}

  // All Artifacts

  /** Opens All Artifacts and waits for the live page (its first screen is the server's, before it is hydrated). */
  async gotoAllArtifacts(): Promise<void> {
    await this.page.goto('/all-artifacts');
    await expectLivePage(this.page);
  }

  get searchBox(): Locator {
    return this.page.getByLabel('Search artifacts');
  }

  get typeFilter(): Locator {
    return this.page.getByLabel('Artifact type');
  }

  get sortSelect(): Locator {
    return this.page.getByLabel('Sort by');
  }

  get clearFilters(): Locator {
    return this.page.getByRole('button', { name: 'Clear filters' });
  }

  /** The names on the cards, in the order the grid shows them. */
  cardNames(): Promise<string[]> {
    return this.cards.getByRole('heading').allTextContents();
  }

  /** The cards of a grid (Featured Artifacts on Home, the results on All Artifacts). */
  get cards(): Locator {
    return this.page.getByTestId('artifact-card');
  }

  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  async search(term: string): Promise<void> {
    await this.searchBox.fill(term);
  }

  async openDetails(name: string): Promise<void> {
    await this.page.getByRole('link', { name: `View Details: ${name}`, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  // Artifact Details

  get likeButton(): Locator {
    return this.page.getByRole('button', { name: /^Liked?$/ });
  }

  get dislikeButton(): Locator {
    return this.page.getByRole('button', { name: /^Disliked?$/ });
  }

  /** The count as the page says it: '1 like', '0 likes', '2 likes' (docs/decisions.md, Honest screens). */
  likes(count: number): Locator {
    return this.page.getByText(count === 1 ? '1 like' : `${count} likes`, { exact: true });
  }

  /** The value beside a label in the details' facts list. */
  fact(label: string): Locator {
    return this.page
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  async gotoDetails(id: string): Promise<void> {
    await this.page.goto(`/artifact-details/${id}`);
    await expect(this.page.getByText('Loading artifact details...')).toHaveCount(0);
    await expectLivePage(this.page);
  }

  /**
   * Which of spec section 3's browser-storage vote lists this browser holds: none, the vote is the server's only
   * (docs/decisions.md).
   */
  async storedVoteLists(): Promise<string[]> {
    return this.page.evaluate(() =>
      ['likedArtifacts', 'dislikedArtifacts'].filter((key) => localStorage.getItem(key) !== null),
    );
  }
}

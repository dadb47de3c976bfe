/** mf-account as a member sees it: the Profile page (view and edit modes) and Liked Artifacts. */
import { expect, type Locator, type Page } from '@playwright/test';
import { expectLivePage } from './live-page.ts';

/** A full page load fetches the remote's manifest and chunks first: allow for a busy machine. */
const REMOTE_PAGE_TIMEOUT = 20_000;

export class ProfilePage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/profile');
    await expect(this.page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible({
      timeout: REMOTE_PAGE_TIMEOUT,
    });
    await expectLivePage(this.page, { timeout: REMOTE_PAGE_TIMEOUT });
  }

  /** The big name under the photo. */
  get name(): Locator {
    return this.page.getByTestId('profile-name');
  }

  get photo(): Locator {
    return this.page.getByRole('img', { name: /^Profile photo of / });
  }

  get joined(): Locator {
    return this.page.getByTestId('profile-joined');
  }

  get email(): Locator {
    return this.page.getByTestId('profile-email');
  }

  /** A counter's number, read once it has loaded. */
  stat(label: 'Artifacts Liked' | 'Artifacts Added'): Locator {
    return this.page.getByTestId(label === 'Artifacts Liked' ? 'stat-liked' : 'stat-added');
  }

  async expectStats({ liked, added }: { liked?: number; added?: number }): Promise<void> {
    if (liked !== undefined) await expect(this.stat('Artifacts Liked')).toHaveText(String(liked));
    if (added !== undefined) await expect(this.stat('Artifacts Added')).toHaveText(String(added));
  }

  quickLink(label: 'My Artifacts' | 'Liked Artifacts' | 'Add Artifact'): Locator {
    return this.page.getByRole('region', { name: 'Quick Links' }).getByRole('link', { name: label });
  }

  async openEditMode(): Promise<void> {
    await this.page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(this.page.getByLabel('Display Name')).toBeFocused();
  }

  async fillEditForm({ displayName, photoURL }: { displayName?: string; photoURL?: string }): Promise<void> {
    if (displayName !== undefined) await this.page.getByLabel('Display Name').fill(displayName);
    if (photoURL !== undefined) await this.page.getByLabel('Photo URL').fill(photoURL);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save Changes' }).click();
  }
}

export class LikedArtifactsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/liked-artifacts');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Your Liked Artifacts' })).toBeVisible({
      timeout: REMOTE_PAGE_TIMEOUT,
    });
    await expectLivePage(this.page, { timeout: REMOTE_PAGE_TIMEOUT });
  }

  get cards(): Locator {
    return this.page.getByTestId('artifact-card');
  }

  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  get emptyState(): Locator {
    return this.page.getByText("You haven't liked any artifacts yet.");
  }
}

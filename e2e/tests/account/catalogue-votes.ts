/**
 * What the account journeys do in the catalogue, through its real UI: like and dislike on its
 * Artifact Details page, with the catalogue's page object.
 */
import { expect, type Page } from '@playwright/test';
import { CataloguePage } from '../../pages/catalogue.ts';
import type { ShellPage } from '../../pages/shell.ts';

export async function likeInCatalogue(page: Page, shell: ShellPage, artifactId: string): Promise<void> {
  const catalogue = new CataloguePage(page);
  await catalogue.gotoDetails(artifactId);
  await catalogue.likeButton.click();
  await shell.expectToast('Artifact liked successfully!');
  await expect(catalogue.likeButton).toHaveText('Liked');
}

/** Dislikes the artifact whose details page is open. */
export async function dislikeOnDetailsPage(page: Page, shell: ShellPage): Promise<void> {
  const catalogue = new CataloguePage(page);
  await catalogue.dislikeButton.click();
  await shell.expectToast('Artifact disliked');
  await expect(catalogue.dislikeButton).toHaveText('Disliked');
}

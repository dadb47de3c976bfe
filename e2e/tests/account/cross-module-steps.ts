/**
 * What the account journeys do in the other modules, through their real UI: like and dislike on the catalogue's
 * Artifact Details page, add on the editor's Add Artifact page. Texts are the spec's.
 */
import { expect, type Page } from '@playwright/test';
import type { ArtifactInput } from '../../../shared-ui/src/model/artifact.ts';
import { ARTIFACT_FIELD_LABELS } from '../../../shared-ui/src/model/artifact.ts';
import type { ShellPage } from '../../pages/shell.ts';

export async function likeInCatalogue(page: Page, shell: ShellPage, artifactId: string): Promise<void> {
  await page.goto(`/artifact-details/${artifactId}`);
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await shell.expectToast('Artifact liked successfully!');
  await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
}

/** Dislikes the artifact whose details page is open. */
export async function dislikeOnDetailsPage(page: Page, shell: ShellPage): Promise<void> {
  await page.getByRole('button', { name: 'Dislike', exact: true }).click();
  await shell.expectToast('Artifact disliked');
  await expect(page.getByRole('button', { name: 'Disliked', exact: true })).toBeVisible();
}

/** Fills and submits Add Artifact (already open) and waits for the editor to land on My Artifacts. */
export async function addInEditor(page: Page, shell: ShellPage, input: ArtifactInput): Promise<void> {
  const form = page.getByRole('form', { name: 'Add Artifact' });
  for (const field of [
    'name',
    'image',
    'historicalContext',
    'description',
    'createdAt',
    'discoveredAt',
    'discoveredBy',
    'presentLocation',
  ] as const) {
    await form.getByLabel(ARTIFACT_FIELD_LABELS[field], { exact: true }).fill(input[field]);
  }
  await form.getByLabel(ARTIFACT_FIELD_LABELS.type, { exact: true }).selectOption(input.type);
  await form.getByRole('button', { name: 'Add Artifact', exact: true }).click();
  await shell.expectToast(`Artifact "${input.name}" has been added successfully!`);
  await expect(page).toHaveURL('/my-artifacts');
}

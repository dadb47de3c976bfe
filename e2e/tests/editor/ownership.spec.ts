import { api } from '../../fixtures/api-client.ts';
import { createAccount, signIn } from '../../fixtures/identity.ts';
import { expect, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { MyArtifactsPage, UpdateArtifactPage } from '../../pages/editor.ts';
import { journeyTarget } from '../../stack/target.ts';

/** A raw call as another member's browser could make it, bypassing the pages. */
async function callAs(token: string, method: 'PATCH' | 'DELETE', id: string, body?: unknown) {
  const response = await fetch(`${journeyTarget().api}/api/artifacts/${id}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

test.describe('Ownership', { tag: '@editor' }, () => {
  test(
    'a second member can neither update nor delete the first member’s artifact',
    { tag: VIEWPORT_INDEPENDENT },
    async ({ signedIn: page, member: second }) => {
      const first = await createAccount({ displayName: 'Grace Hopper' });
      const artifact = await api.createArtifact(await signIn(first.email, first.password));

      // The update page says so and offers no form.
      const update = new UpdateArtifactPage(page);
      await update.goto(artifact._id);
      await expect(update.notYours).toBeVisible();
      await expect(
        page.getByText(`"${artifact.name}" was added by Grace Hopper, so only they can change it.`),
      ).toBeVisible();
      await expect(update.form).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Update Artifact' })).toHaveCount(0);

      // My Artifacts lists only the second member's own artifacts: nothing to delete here.
      const mine = new MyArtifactsPage(page);
      await mine.goto();
      await expect(page.getByRole('heading', { name: 'No Artifacts Added Yet' })).toBeVisible();
      await expect(mine.card(artifact.name)).toHaveCount(0);

      // And the server refuses both changes anyway.
      const token = await signIn(second.email, second.password);
      const patched = await callAs(token, 'PATCH', artifact._id, { ...artifact, name: 'Stolen' });
      expect(patched.status).toBe(403);
      const deleted = await callAs(token, 'DELETE', artifact._id);
      expect(deleted.status).toBe(403);
      expect((await api.getArtifact(artifact._id)).name).toBe(artifact.name);
    },
  );
});

import { createAccount, deleteAccount, lookupAccount, recordedOobCodes } from '../../fixtures/identity.ts';
import { api, sampleArtifact } from '../../fixtures/api-client.ts';
import { expect, spec, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { ProfilePage } from '../../pages/account.ts';
import { AddArtifactPage } from '../../pages/editor.ts';
import { ShellPage } from '../../pages/shell.ts';
import { journeyTarget } from '../../stack/target.ts';

/** The join date as the profile writes it: the browser and the test run on one machine, in one time zone. */
const joinDate = (createdAtMs: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(Number(createdAtMs)),
  );

test.describe('Profile', { tag: '@account' }, () => {
  test(
    'shows the member, the join date the emulator recorded, status, counters and quick links',
    { tag: '@editor', annotation: spec('Active Member', 'Verified') },
    async ({ signedIn: page, member }) => {
      const profile = new ProfilePage(page);
      await profile.goto();

      await expect(profile.name).toHaveText(member.displayName);
      await expect(profile.email).toHaveText(member.email);
      await expect(profile.photo).toBeVisible();
      const recorded = await lookupAccount(member.idToken);
      await expect(profile.joined).toHaveText(joinDate(recorded.createdAt));
      // The provider's creation time reaches the browser to the second.
      const createdToTheSecond = Math.floor(Number(recorded.createdAt) / 1000) * 1000;
      await expect(profile.joined.locator('time')).toHaveAttribute(
        'datetime',
        new Date(createdToTheSecond).toISOString(),
      );
      await expect(page.getByText('Active Member')).toBeVisible();
      // Nobody verified the journey member's e-mail: the provider says so (docs/decisions.md, Honest screens).
      await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
      await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);
      await page.getByRole('button', { name: 'Send verification e-mail' }).click();
      await new ShellPage(page).expectToast(`Verification e-mail sent to ${member.email}. Check your inbox.`);
      if (journeyTarget().authEmulator)
        await expect
          .poll(async () =>
            (await recordedOobCodes()).filter((c) => c.email === member.email).map((c) => c.requestType),
          )
          .toContain('VERIFY_EMAIL');
      await profile.expectStats({ liked: 0, added: 0 });

      await profile.quickLink('Liked Artifacts').click();
      await expect(page).toHaveURL('/liked-artifacts');
      await page.goBack();
      await profile.quickLink('My Artifacts').click();
      await expect(page).toHaveURL('/my-artifacts');
      await page.goBack();
      await profile.quickLink('Add Artifact').click();
      await expect(page).toHaveURL('/add-artifact');
    },
  );

  test(
    'saving the profile changes the navbar at once, without a reload, and the provider keeps it',
    { annotation: spec('Profile updated successfully!') },
    async ({ signedIn: page, member, shell }) => {
      // A photo the site really serves: a starter artifact's image from the API.
      const [starter] = await api.starterArtifacts();
      const photoURL = starter!.image;
      const newName = `Ada King ${test.info().project.name}`;
      const profile = new ProfilePage(page);
      await profile.goto();
      // Survives only if the page is never reloaded.
      await page.evaluate(() => ((window as unknown as { noReloadMark: boolean }).noReloadMark = true));

      await profile.openEditMode();
      await expect(page.getByLabel('Display Name')).toHaveValue(member.displayName);
      await profile.fillEditForm({ displayName: newName, photoURL });
      await profile.save();

      await shell.expectToast('Profile updated successfully!');
      await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      await expect(profile.name).toHaveText(newName);
      await expect(profile.photo).toHaveAttribute('src', photoURL);
      await expect(shell.avatarButton()).toHaveAccessibleName(`Account menu for ${newName}`);
      await expect(shell.avatarButton().locator('img')).toHaveAttribute('src', photoURL);
      const menu = await shell.openUserMenu();
      await expect(menu.getByTestId('user-menu-name')).toHaveText(newName);
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => (window as unknown as { noReloadMark?: boolean }).noReloadMark)).toBe(
        true,
      );

      // The identity provider has the new profile: it is there after a reload and in the emulator's record.
      await page.reload();
      await expect(profile.name).toHaveText(newName);
      const recorded = await lookupAccount(member.idToken);
      expect(recorded).toMatchObject({ displayName: newName, photoUrl: photoURL });
    },
  );

  test('Cancel keeps the profile as it was, and a photo URL that is not a web address is refused', async ({
    signedIn: page,
    member,
  }) => {
    const profile = new ProfilePage(page);
    await profile.goto();

    await profile.openEditMode();
    await profile.fillEditForm({ displayName: 'Not Saved', photoURL: 'ftp://example.test/me.png' });
    await profile.save();
    // The form's error summary takes focus and names the field (docs/forms.md); its link leads to the field.
    const summary = page.getByRole('group', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await summary.getByRole('link', { name: 'Photo URL must be a valid http(s) URL' }).click();
    await expect(page.getByLabel('Photo URL')).toBeFocused();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();
    await expect(profile.name).toHaveText(member.displayName);
    expect((await lookupAccount(member.idToken)).displayName).toBe(member.displayName);
  });

  test(
    "a save the identity provider refuses toasts 'Failed to update profile'",
    { tag: VIEWPORT_INDEPENDENT, annotation: spec('Failed to update profile') },
    async ({ signedIn: page, member, shell }) => {
      const profile = new ProfilePage(page);
      await profile.goto();
      await profile.openEditMode();
      await profile.fillEditForm({ displayName: 'Never Saved' });
      // The account is deleted from another device meanwhile: the provider refuses the update.
      await deleteAccount(member.idToken);
      await profile.save();
      await shell.expectToast('Failed to update profile');
      await expect(page.getByText('Profile updated successfully!')).toHaveCount(0);
    },
  );

  test(
    'Artifacts Added grows when the member adds an artifact',
    { tag: [VIEWPORT_INDEPENDENT, '@editor'] },
    async ({ signedIn: page }) => {
      // Someone else's artifact must not count.
      const other = await createAccount();
      await api.createArtifact(other.idToken);
      const profile = new ProfilePage(page);
      await profile.goto();
      await profile.expectStats({ added: 0 });

      // Added through the editor remote's real form.
      const add = new AddArtifactPage(page);
      await add.goto();
      await add.fill(sampleArtifact({ name: `Roman Coin ${Date.now().toString(36)}` }));
      await add.submit();
      await expect(page).toHaveURL('/my-artifacts');

      await profile.goto();
      await profile.expectStats({ added: 1, liked: 0 });
    },
  );

  test('a signed-out visitor is sent to login and comes back to the profile', async ({
    page,
    member,
    shell,
  }) => {
    await page.goto('/profile');
    // The first load of the site on a busy machine: the shell, Firebase and the route guard.
    await expect(page).toHaveURL('/login', { timeout: 20_000 });
    await shell.expectToast('Please login to access your profile');
    await shell.login(member.email, member.password, '');
    await expect(page).toHaveURL('/profile');
    await expect(new ProfilePage(page).name).toHaveText(member.displayName);
  });
});

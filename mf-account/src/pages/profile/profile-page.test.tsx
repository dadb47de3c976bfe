import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_AVATAR, ERROR_SUMMARY_TITLE, toast, useAuthStore, type AuthUser } from 'shared-ui';
import { descriptionOf } from 'shared-ui/test/described-by';
import { renderWithKit } from 'shared-ui/test/render';
import { describe, expect, it, vi } from 'vitest';
import { signInTestMember, stubApi, TEST_MEMBER } from '../../test/account-test-support';
import { makeArtifact } from 'shared-ui/test/make-artifact';
import ProfilePage from './profile-page';

const statsApi = (liked: number, added: number) =>
  stubApi({
    '/artifacts/liked/me': () => ({ body: Array.from({ length: liked }, () => makeArtifact()) }),
    '/artifacts/user/me': () => ({ body: Array.from({ length: added }, () => makeArtifact()) }),
  });

/** Stands in for the shell's navbar: another part of the site reading the same store. */
function NavbarName() {
  const user = useAuthStore((s) => s.user);
  return (
    <p data-testid="navbar-name">
      {user?.displayName} {user?.photoURL}
    </p>
  );
}

describe('ProfilePage in view mode', () => {
  it('shows photo, name, email, join date, status and the counters from the API', async () => {
    signInTestMember();
    statsApi(2, 5);

    renderWithKit(<ProfilePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profile photo of Ada Lovelace' }).getAttribute('src')).toBe(
      TEST_MEMBER.photoURL,
    );
    expect(screen.getByTestId('profile-email').textContent).toBe('ada@heritage.test');
    const joined = screen.getByTestId('profile-joined');
    expect(joined.textContent).toBe('March 15, 2024');
    expect(joined.querySelector('time')?.getAttribute('datetime')).toBe(TEST_MEMBER.createdAt);
    expect(screen.getByText('Active Member')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();

    await waitFor(() => expect(screen.getByTestId('stat-liked').textContent).toBe('2'));
    expect(screen.getByTestId('stat-added').textContent).toBe('5');
    expect(screen.getByText('Artifacts Liked')).toBeTruthy();
    expect(screen.getByText('Artifacts Added')).toBeTruthy();
  });

  it("says 'Not verified' when the provider has not verified the e-mail, and sends the verification e-mail", async () => {
    const provider = signInTestMember({ emailVerified: false });
    statsApi(0, 0);
    const success = vi.spyOn(toast, 'success');
    renderWithKit(<ProfilePage />);

    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.getByTestId('email-verification').textContent).toBe('Not verified');
    await userEvent.click(screen.getByRole('button', { name: 'Send verification e-mail' }));
    expect(provider.sendEmailVerification).toHaveBeenCalledTimes(1);
    const sent = 'Verification e-mail sent to ada@heritage.test. Check your inbox.';
    await waitFor(() => expect(success).toHaveBeenCalledWith(sent));
    expect(screen.getByRole('status').textContent).toContain(sent);
  });

  it('says why when the verification e-mail could not be sent, and offers it again', async () => {
    signInTestMember(
      { emailVerified: false },
      { sendEmailVerification: vi.fn(async () => Promise.reject(new Error('auth/too-many-requests'))) },
    );
    statsApi(0, 0);
    const error = vi.spyOn(toast, 'error');
    renderWithKit(<ProfilePage />);

    await userEvent.click(screen.getByRole('button', { name: 'Send verification e-mail' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Could not send the verification e-mail. Please try again.'),
    );
    expect(
      (screen.getByRole('button', { name: 'Send verification e-mail' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('links to the member’s lists and to Add Artifact', () => {
    signInTestMember();
    statsApi(0, 0);

    renderWithKit(<ProfilePage />);

    const links = within(screen.getByRole('region', { name: 'Quick Links' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/my-artifacts',
      '/liked-artifacts',
      '/add-artifact',
    ]);
  });

  it('shows N/A without a creation time and the default avatar without a photo', () => {
    signInTestMember({ createdAt: null, photoURL: null, displayName: null });
    statsApi(0, 0);

    renderWithKit(<ProfilePage />);

    expect(screen.getByTestId('profile-joined').textContent).toBe('N/A');
    // No display name: the e-mail stands in for it.
    const photo = screen.getByRole('img', { name: 'Profile photo of ada@heritage.test' });
    expect(photo.getAttribute('src')).toBe(DEFAULT_AVATAR);
  });

  it.each([
    'javascript:alert(document.domain)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'images/ada.png',
  ])('draws the default avatar, not a photo URL that is no http(s) URL: %s (issue 54)', (photoURL) => {
    signInTestMember({ photoURL });
    statsApi(0, 0);

    renderWithKit(<ProfilePage />);

    const photo = screen.getByRole('img', { name: /Profile photo/ });
    expect(photo.getAttribute('src')).toBe(DEFAULT_AVATAR);
  });

  it('falls back to the default avatar when the photo does not load', () => {
    signInTestMember({ photoURL: 'https://images.heritage.test/gone.png' });
    statsApi(0, 0);

    renderWithKit(<ProfilePage />);

    const photo = screen.getByRole('img', { name: /Profile photo/ });
    photo.dispatchEvent(new Event('error'));
    return waitFor(() => expect(photo.getAttribute('src')).toBe(DEFAULT_AVATAR));
  });

  it("toasts 'Failed to load user statistics' when a count cannot be loaded, and retries", async () => {
    signInTestMember();
    const errorToast = vi.spyOn(toast, 'error');
    let addedStatus = 500;
    stubApi({
      '/artifacts/liked/me': () => ({ body: [makeArtifact()] }),
      '/artifacts/user/me': () => ({
        status: addedStatus,
        body: addedStatus === 200 ? [] : { message: 'boom' },
      }),
    });

    renderWithKit(<ProfilePage />);

    expect(await screen.findByText('Failed to load user statistics')).toBeTruthy();
    expect(errorToast).toHaveBeenCalledWith('Failed to load user statistics', expect.anything());

    addedStatus = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('stat-liked').textContent).toBe('1'));
    expect(screen.getByTestId('stat-added').textContent).toBe('0');
  });
});

describe('ProfilePage in edit mode', () => {
  it('opens the form with the current values and Cancel returns to view mode unchanged', async () => {
    const provider = signInTestMember();
    statsApi(0, 0);
    const user = userEvent.setup();
    renderWithKit(<ProfilePage />);

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));

    const name = screen.getByLabelText('Display Name') as HTMLInputElement;
    const photo = screen.getByLabelText('Photo URL') as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    expect(photo.value).toBe(TEST_MEMBER.photoURL);
    expect(document.activeElement).toBe(name);

    await user.clear(name);
    await user.type(name, 'Somebody Else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByLabelText('Display Name')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeTruthy();
    expect(provider.updateProfile).not.toHaveBeenCalled();
  });

  it('saves through the shared store: toast, view mode, and the new name everywhere at once', async () => {
    const provider = signInTestMember();
    statsApi(0, 0);
    const successToast = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    renderWithKit(
      <>
        <NavbarName />
        <ProfilePage />
      </>,
    );

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const name = screen.getByLabelText('Display Name');
    await user.clear(name);
    await user.type(name, '  Ada King  ');
    const photo = screen.getByLabelText('Photo URL');
    await user.clear(photo);
    await user.type(photo, 'https://images.heritage.test/countess.png');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Ada King' })).toBeTruthy());
    expect(provider.updateProfile).toHaveBeenCalledWith({
      displayName: 'Ada King',
      photoURL: 'https://images.heritage.test/countess.png',
    });
    expect(successToast).toHaveBeenCalledWith('Profile updated successfully!');
    expect(screen.getByTestId('navbar-name').textContent).toBe(
      'Ada King https://images.heritage.test/countess.png',
    );
    expect(screen.getByRole('img', { name: 'Profile photo of Ada King' }).getAttribute('src')).toBe(
      'https://images.heritage.test/countess.png',
    );
    expect(screen.queryByLabelText('Display Name')).toBeNull();
  });

  it('shows Saving... and disables the buttons while the save runs', async () => {
    let finish: () => void = () => {};
    signInTestMember(
      {},
      {
        updateProfile: vi.fn(
          (update) =>
            new Promise<AuthUser>((resolve) => {
              finish = () => resolve({ ...TEST_MEMBER, ...update });
            }),
        ),
      },
    );
    statsApi(0, 0);
    const user = userEvent.setup();
    renderWithKit(<ProfilePage />);

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const saving = screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('refuses a photo URL that is not a web address and an empty name, without calling the provider', async () => {
    const provider = signInTestMember();
    statsApi(0, 0);
    const user = userEvent.setup();
    renderWithKit(<ProfilePage />);

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const photo = screen.getByLabelText('Photo URL');
    await user.clear(photo);
    await user.type(photo, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const summary = screen.getByRole('group', { name: ERROR_SUMMARY_TITLE });
    expect(within(summary).getByRole('link').textContent).toBe('Photo URL must be a valid http(s) URL');
    expect(photo.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(summary);

    // The photo URL, shown wrong, follows the typing; the name, untouched by the submit, waits for the next one.
    await user.clear(photo);
    expect(photo.getAttribute('aria-invalid')).toBe('false');
    await user.clear(screen.getByLabelText('Display Name'));
    expect(screen.getByLabelText('Display Name').getAttribute('aria-invalid')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('link', { name: 'Display name is required' })).toBeTruthy();
    expect(provider.updateProfile).not.toHaveBeenCalled();
  });

  it('counts the display name against the model’s limit', async () => {
    signInTestMember();
    statsApi(0, 0);
    const user = userEvent.setup();
    renderWithKit(<ProfilePage />);
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const name = screen.getByLabelText('Display Name');
    expect(descriptionOf(name)).toBe('You can enter up to 80 characters');
    expect(
      await screen.findByText(`You have ${80 - name.getAttribute('value')!.length} characters remaining`),
    ).toBeTruthy();
  });

  it('refuses a display name of characters that draw nothing, as the API would (issue 54)', async () => {
    const provider = signInTestMember();
    statsApi(0, 0);
    const user = userEvent.setup();
    renderWithKit(<ProfilePage />);

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const name = screen.getByLabelText('Display Name');
    await user.clear(name);
    await user.type(name, '\u3164\u2800\u115f \u200b');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(screen.getByRole('link', { name: 'Display name is required' })).toBeTruthy();
    expect(provider.updateProfile).not.toHaveBeenCalled();
  });

  it('allows an empty photo URL, which means the default avatar', async () => {
    const provider = signInTestMember();
    statsApi(0, 0);
    const user = userEvent.setup();
    renderWithKit(<ProfilePage />);

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Photo URL'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(provider.updateProfile).toHaveBeenCalledWith({ displayName: 'Ada Lovelace', photoURL: '' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Profile photo of Ada Lovelace' }).getAttribute('src')).toBe(
        DEFAULT_AVATAR,
      ),
    );
  });

  it("toasts 'Failed to update profile' and stays in edit mode when the provider refuses", async () => {
    signInTestMember(
      {},
      { updateProfile: vi.fn(async () => Promise.reject(new Error('auth/network-request-failed'))) },
    );
    statsApi(0, 0);
    const errorToast = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderWithKit(<ProfilePage />);

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Failed to update profile'));
    expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByLabelText('Display Name')).toBeTruthy();
    expect(useAuthStore.getState().user?.displayName).toBe('Ada Lovelace');
  });
});

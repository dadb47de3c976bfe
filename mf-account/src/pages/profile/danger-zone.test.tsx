import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, useAuthStore } from 'shared-ui';
import { renderWithKit } from 'shared-ui/test/render';
import { closeDialogs } from 'shared-ui/test/dialogs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInTestMember, stubApi } from '../../test/account-test-support';
import { DangerZone } from './danger-zone';
import { localDay } from './member-data-files';
import { captureDownloads, exported } from '../../test/member-data-test-support';

const closed = () => ({ body: { success: true, message: 'Your account has been closed' } });
/** The dialog's own button, once it is back from a loader (the page's is hidden behind the dialog meanwhile). */
const closeButton = async () => (await screen.findAllByRole('button', { name: 'Close my account' })).at(-1)!;
/** happy-dom gives every element a client rect, so sweetalert2 takes its hidden validation message as shown. */
const hideUnlaidOutElements = () =>
  vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([] as unknown as DOMRectList);
const deletes = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(
    (call) => (call as unknown[] as [unknown, RequestInit?])[1]?.method === 'DELETE',
  );

afterEach(async () => {
  await closeDialogs();
});

describe('Danger zone', () => {
  it('is a section of its own, with its heading and what closing removes', () => {
    signInTestMember();
    renderWithKit(<DangerZone />);
    const zone = screen.getByRole('region', { name: 'Danger zone' });
    expect(zone.textContent).toContain('It cannot be undone.');
    expect(screen.getByRole('button', { name: 'Close my account' })).toBeTruthy();
  });

  it('asks for the password again before anything is deleted: none, then a wrong one, are refused', async () => {
    const provider = signInTestMember(
      {},
      {
        reauthenticate: vi
          .fn()
          .mockRejectedValueOnce(Object.assign(new Error('wrong'), { code: 'auth/wrong-password' }))
          .mockResolvedValue(undefined),
      },
    );
    const fetchMock = stubApi({ '/api/me': closed });
    vi.spyOn(toast, 'success');
    renderWithKit(<DangerZone />, { route: '/profile' });

    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Close your account?');
    expect(dialog.textContent).toContain('Download a copy of your data first');
    const password = screen.getByLabelText('Enter your password to confirm');
    expect(password.getAttribute('type')).toBe('password');
    const unlaidOut = hideUnlaidOutElements();
    fireEvent.click(await closeButton());
    expect(await screen.findByText('Enter your password to close your account.')).toBeTruthy();
    // Laid out again: after a loader, sweetalert2 shows its buttons only if it takes one as visible.
    unlaidOut.mockRestore();

    fireEvent.input(password, { target: { value: 'Wrong1' } });
    fireEvent.click(await closeButton());
    expect(await screen.findByText('Incorrect password. Please try again.')).toBeTruthy();
    expect(deletes(fetchMock)).toEqual([]);

    fireEvent.input(password, { target: { value: 'Right1' } });
    const confirm = await closeButton();
    // Unlaid out again, so sweetalert2 closes without waiting for an animation happy-dom never ends.
    hideUnlaidOutElements();
    fireEvent.click(confirm);
    await waitFor(() => expect(provider.logout).toHaveBeenCalled(), { timeout: 5000 });
    expect(provider.reauthenticate).toHaveBeenLastCalledWith('Right1');
    expect(deletes(fetchMock)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Your account has been closed.');
    expect(useAuthStore.getState().loading).toBe(false);
  });

  it('offers the download first: JSON and CSV saved, dated, and the dialog stays open', async () => {
    signInTestMember();
    const fetchMock = stubApi({ '/api/me/export': () => ({ body: exported }), '/api/me': closed });
    const saved = captureDownloads();
    renderWithKit(<DangerZone />);
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Download my data first' }));
    expect(await screen.findByText('Your data was downloaded (JSON and CSV).')).toBeTruthy();
    expect(saved.map((file) => file.name)).toEqual([
      `heritage-vault-data-${localDay()}.json`,
      `heritage-vault-data-${localDay()}.csv`,
    ]);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(deletes(fetchMock)).toEqual([]);
  });

  it("confirms a Google-only member with Google's popup, no password asked", async () => {
    const provider = signInTestMember({}, { signInMethods: vi.fn(async () => ['google.com']) });
    stubApi({ '/api/me': closed });
    renderWithKit(<DangerZone />, { route: '/profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    await screen.findByRole('dialog');
    expect(screen.queryByLabelText('Enter your password to confirm')).toBeNull();
    hideUnlaidOutElements();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm with Google and close' }));
    await waitFor(() => expect(provider.logout).toHaveBeenCalled(), { timeout: 5000 });
    expect(provider.reauthenticate).toHaveBeenCalledWith(undefined);
  });

  it("keeps the dialog open with the server's reason when closing fails, and signs nobody out", async () => {
    const provider = signInTestMember();
    stubApi({
      '/api/me': () => ({
        status: 503,
        body: {
          success: false,
          message: 'The sign-in service did not answer. Nothing was deleted: try again.',
        },
      }),
    });
    renderWithKit(<DangerZone />);
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    await screen.findByRole('dialog');
    hideUnlaidOutElements();
    fireEvent.input(screen.getByLabelText('Enter your password to confirm'), { target: { value: 'Right1' } });
    fireEvent.click(await closeButton());
    expect(
      await screen.findByText('The sign-in service did not answer. Nothing was deleted: try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(provider.logout).not.toHaveBeenCalled();
  });
});

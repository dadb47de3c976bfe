import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, useAuthStore } from 'shared-ui';
import { makeArtifact } from 'shared-ui/test/make-artifact';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInTestMember, stubApi, TEST_MEMBER } from '../../common/account-test-support';
import { YourDataPanel } from './your-data-panel';
import { closeDialogs } from 'shared-ui/test/dialogs';

const exported = {
  exportedAt: '2026-11-27T12:00:00.000Z',
  profile: { ...TEST_MEMBER },
  artifacts: [makeArtifact({ name: 'Ada’s astrolabe' })],
  likedArtifactIds: ['a1', 'a2'],
};

/** The URL and options of the stubbed fetch's `n`th call. */
const requestOf = (fetchMock: ReturnType<typeof stubApi>, n: number) =>
  fetchMock.mock.calls[n] as unknown as [RequestInfo, RequestInit];

/** happy-dom gives every element a client rect, so sweetalert2 takes its hidden validation message as shown. */
const hideUnlaidOutElements = () =>
  vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([] as unknown as DOMRectList);

afterEach(async () => {
  await closeDialogs();
});

describe('Your Data', () => {
  it('downloads the export as a JSON file named for the site', async () => {
    signInTestMember();
    const fetchMock = stubApi({ '/api/me/export': () => ({ body: exported }) });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    renderWithKit(<YourDataPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('heritage-vault-my-data.json');
    expect(JSON.parse(await blobs[0]!.text())).toEqual(exported);
    const [url, init] = requestOf(fetchMock, 0);
    expect(String(url)).toMatch(/\/api\/me\/export$/);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer test-id-token');
  });

  it('closes the account only once DELETE is typed, then signs out with a toast and goes home', async () => {
    const provider = signInTestMember();
    const fetchMock = stubApi({ '/api/me': () => ({ body: { success: true, message: 'Account closed' } }) });
    vi.spyOn(toast, 'success');
    renderWithKit(<YourDataPanel />, { route: '/profile' });

    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Close your account?');
    expect(dialog.textContent).toContain(
      'deletes the artifacts you added and their photos, takes back your likes',
    );
    const input = screen.getByLabelText('Type DELETE to confirm');
    hideUnlaidOutElements();
    fireEvent.input(input, { target: { value: 'delete' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Close my account' }).at(-1)!);
    expect(await screen.findByText('Type DELETE, in capitals, to close your account.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.input(input, { target: { value: 'DELETE' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Close my account' }).at(-1)!);
    await waitFor(() => expect(provider.logout).toHaveBeenCalled());
    expect(requestOf(fetchMock, 0)[1].method).toBe('DELETE');
    expect(toast.success).toHaveBeenCalledWith('Your account has been closed.');
    expect(useAuthStore.getState().loading).toBe(false);
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
    renderWithKit(<YourDataPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    await screen.findByRole('dialog');
    hideUnlaidOutElements();
    fireEvent.input(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Close my account' }).at(-1)!);
    expect(
      await screen.findByText('The sign-in service did not answer. Nothing was deleted: try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(provider.logout).not.toHaveBeenCalled();
  });
});

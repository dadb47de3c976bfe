import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmAndDelete, showDeleted, showDeleteFailed } from './delete-artifact-dialogs';
import { closeDialogs } from 'shared-ui/test/dialogs';

/**
 * happy-dom does no layout and gives every element a client rect, so after preConfirm sweetalert2 would take its
 * hidden validation message for a shown one and keep the dialog open. Called once the dialog has its focus.
 */
function hideUnlaidOutElements() {
  vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([] as unknown as DOMRectList);
}

// The real sweetalert2, in the DOM: the dialogs' texts, buttons and outcomes are what the member sees.
describe('delete dialogs', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await closeDialogs();
  });

  it('asks before deleting, focuses Cancel, and cancelling deletes nothing', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const outcome = confirmAndDelete('Rosetta Stone', remove);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure?');
    expect(dialog.textContent).toContain(
      'Do you want to delete "Rosetta Stone"? This action cannot be undone.',
    );
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(screen.getByRole('button', { name: 'Yes, delete it!' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    await expect(outcome).resolves.toBe('cancelled');
    expect(remove).not.toHaveBeenCalled();
  });

  it('Escape cancels', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const outcome = confirmAndDelete('Rosetta Stone', remove);
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await expect(outcome).resolves.toBe('cancelled');
    expect(remove).not.toHaveBeenCalled();
  });

  it('deletes on "Yes, delete it!"', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const deleted = confirmAndDelete('Rosetta Stone', remove);
    const confirm = await screen.findByRole('button', { name: 'Yes, delete it!' });
    hideUnlaidOutElements();
    fireEvent.click(confirm);
    await expect(deleted).resolves.toBe('deleted');
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('reports a refused delete as failed', async () => {
    const failed = confirmAndDelete('Rosetta Stone', () => Promise.reject(new Error('403')));
    const confirm = await screen.findByRole('button', { name: 'Yes, delete it!' });
    hideUnlaidOutElements();
    fireEvent.click(confirm);
    await expect(failed).resolves.toBe('failed');
  });

  it('tells the outcome in the spec’s words', async () => {
    const done = showDeleted();
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Deleted!'));
    expect(screen.getByRole('dialog').textContent).toContain('Your artifact has been deleted.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await done;

    const failed = showDeleteFailed();
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Error!'));
    expect(screen.getByRole('dialog').textContent).toContain('Failed to delete artifact');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await failed;
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, loadDialogs } from './dialogs';
import { closeDialogs } from '../../test/dialogs';

// The real sweetalert2, in the DOM.
describe('the kit dialogs', () => {
  afterEach(async () => {
    await closeDialogs();
  });

  it('loads sweetalert2 once, with the kit styles in the document once, and again after a failed load', async () => {
    const Swal = await loadDialogs();
    expect(Swal).toHaveProperty('fire');
    expect(loadDialogs()).toBe(loadDialogs());
    await loadDialogs();
    expect(document.querySelectorAll('style[data-hv-dialogs]')).toHaveLength(1);
    expect(document.querySelector('style[data-hv-dialogs]')!.textContent).toContain(
      '.hv-dialog .hv-dialog-popup',
    );

    vi.resetModules();
    vi.doMock('sweetalert2', () => {
      throw new Error('the network dropped');
    });
    const { loadDialogs: loadAfresh } = await import('./dialogs');
    await expect(loadAfresh()).rejects.toThrow();
    vi.doUnmock('sweetalert2');
    await expect(loadAfresh()).resolves.toHaveProperty('fire');
  });

  it('asks a question with focus on the safe choice: cancel and Escape say no, confirm says yes', async () => {
    const question = {
      title: 'Leave this page?',
      text: 'Your changes will be lost.',
      confirm: 'Leave',
      cancel: 'Stay',
    };
    const stay = confirmDialog(question);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Leave this page?');
    expect(dialog.textContent).toContain('Your changes will be lost.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' })));
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await expect(stay).resolves.toBe(false);

    const escape = confirmDialog(question);
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await expect(escape).resolves.toBe(false);

    const leave = confirmDialog(question);
    await screen.findByRole('dialog');
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await expect(leave).resolves.toBe(true);
  });
});

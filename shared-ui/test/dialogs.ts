import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { loadDialogs } from '../src/dialogs/dialogs';

/** sweetalert2's RESTORE_FOCUS_TIMEOUT: it gives focus back this long after a dialog has closed. */
const FOCUS_RETURN_MS = 100;

/**
 * Closes any open dialog and waits until it is gone and sweetalert2 has given focus back. Its focus timer, left
 * pending, would fire after the test file's DOM is torn down and fail the run ("HTMLElement is not defined").
 */
export async function closeDialogs(): Promise<void> {
  (await loadDialogs()).close();
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
  await new Promise((resolve) => setTimeout(resolve, FOCUS_RETURN_MS + 20));
}

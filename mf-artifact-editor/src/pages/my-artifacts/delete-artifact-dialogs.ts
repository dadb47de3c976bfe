import { DIALOG_OPTIONS, loadDialogs, NOTICE_DIALOG_OPTIONS } from 'shared-ui';
import {
  CANCEL_BUTTON,
  CONFIRM_DELETE_BUTTON,
  CONFIRM_DELETE_TITLE,
  confirmDeleteText,
  DELETE_FAILED_TEXT,
  DELETE_FAILED_TITLE,
  DELETED_TEXT,
  DELETED_TITLE,
} from './my-artifacts-texts';

// The kit's dialogs (sweetalert2, 20 KB of the page's 29 KB of code, compressed): My Artifacts asks for them once
// the member's list is on screen rather than before the page is live (100 ms of a slow link).
export { loadDialogs };

export type DeleteOutcome = 'cancelled' | 'deleted' | 'failed';

/**
 * The delete confirmation of spec section 8. The request runs inside the dialog (its confirm button shows a
 * loader), so it cannot be cancelled half way. Escape, the backdrop and Cancel all cancel; focus starts on
 * Cancel, the safe choice, stays inside the dialog, and returns to the Delete button when it closes.
 */
export async function confirmAndDelete(name: string, remove: () => Promise<unknown>): Promise<DeleteOutcome> {
  const Swal = await loadDialogs();
  const result = await Swal.fire({
    ...DIALOG_OPTIONS,
    icon: 'warning',
    title: CONFIRM_DELETE_TITLE,
    text: confirmDeleteText(name),
    showCancelButton: true,
    confirmButtonText: CONFIRM_DELETE_BUTTON,
    cancelButtonText: CANCEL_BUTTON,
    focusCancel: true,
    reverseButtons: true,
    showLoaderOnConfirm: true,
    allowOutsideClick: () => !Swal.isLoading(),
    allowEscapeKey: () => !Swal.isLoading(),
    preConfirm: () =>
      remove().then(
        (): DeleteOutcome => 'deleted',
        (): DeleteOutcome => 'failed',
      ),
  });
  return result.isConfirmed && result.value ? result.value : 'cancelled';
}

/** 'Deleted!': focus goes back to the page (the Delete button is gone), so the caller moves it. */
export async function showDeleted(): Promise<void> {
  const Swal = await loadDialogs();
  await Swal.fire({
    ...NOTICE_DIALOG_OPTIONS,
    icon: 'success',
    title: DELETED_TITLE,
    text: DELETED_TEXT,
    returnFocus: false,
  });
}

export async function showDeleteFailed(): Promise<void> {
  const Swal = await loadDialogs();
  await Swal.fire({
    ...NOTICE_DIALOG_OPTIONS,
    icon: 'error',
    title: DELETE_FAILED_TITLE,
    text: DELETE_FAILED_TEXT,
  });
}

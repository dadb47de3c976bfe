import { DIALOG_OPTIONS, errorMessage, loadDialogs } from 'shared-ui';
import {
  CANCEL,
  CLOSE_ACCOUNT,
  CLOSE_ACCOUNT_FAILED,
  CLOSE_ACCOUNT_INPUT_LABEL,
  CLOSE_ACCOUNT_TEXT,
  CLOSE_ACCOUNT_TITLE,
  CLOSE_ACCOUNT_WORD,
  CLOSE_ACCOUNT_WORD_MISSING,
} from './profile-texts';

/**
 * Asks before closing the account: says what goes, and asks for the word DELETE. The request runs inside the dialog
 * (its confirm button shows a loader); a failure keeps the dialog open with the reason, so the member can retry or
 * cancel. Focus starts on the input; Escape, the backdrop and Cancel cancel. Resolves true once the account is closed.
 */
export async function confirmAndCloseAccount(close: () => Promise<unknown>): Promise<boolean> {
  const Swal = await loadDialogs();
  const result = await Swal.fire({
    ...DIALOG_OPTIONS,
    icon: 'warning',
    title: CLOSE_ACCOUNT_TITLE,
    text: CLOSE_ACCOUNT_TEXT,
    input: 'text',
    inputLabel: CLOSE_ACCOUNT_INPUT_LABEL,
    inputAttributes: { autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false' },
    showCancelButton: true,
    confirmButtonText: CLOSE_ACCOUNT,
    cancelButtonText: CANCEL,
    reverseButtons: true,
    showLoaderOnConfirm: true,
    allowOutsideClick: () => !Swal.isLoading(),
    allowEscapeKey: () => !Swal.isLoading(),
    inputValidator: (value) => (value.trim() === CLOSE_ACCOUNT_WORD ? null : CLOSE_ACCOUNT_WORD_MISSING),
    preConfirm: () =>
      close().then(
        () => true,
        (error: unknown) => {
          Swal.showValidationMessage(errorMessage(error, CLOSE_ACCOUNT_FAILED));
          return false;
        },
      ),
  });
  return result.isConfirmed && result.value === true;
}

import { DIALOG_OPTIONS, errorMessage, loadDialogs } from 'shared-ui';
import {
  CANCEL,
  CLOSE_ACCOUNT,
  CLOSE_ACCOUNT_FAILED,
  CLOSE_ACCOUNT_TEXT,
  CLOSE_ACCOUNT_TITLE,
  CONFIRM_WITH_GOOGLE,
  DOWNLOAD_FAILED,
  DOWNLOAD_FIRST,
  DOWNLOADED_FIRST,
  NOT_CONFIRMED,
  PASSWORD_LABEL,
  PASSWORD_MISSING,
  PASSWORD_WRONG,
} from './profile-texts';

/** Firebase's answers to a wrong password (the emulator's and the service's, old and new). */
const WRONG_PASSWORD = new Set([
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
]);

export interface ClosingSteps {
  /** The member signs in with a password: the dialog asks for it. Else the provider's popup confirms (Google). */
  usesPassword: boolean;
  /** Saves the member's data (JSON and CSV); the dialog stays open. */
  downloadFirst(): Promise<void>;
  /** Confirms it is the member: with the password typed, or with the provider's popup (none given). */
  reauthenticate(password?: string): Promise<void>;
  /** Closes the account at the API. */
  close(): Promise<unknown>;
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Asks before closing the account (the steps: docs/navigation-and-closing.md, The danger zone). A wrong password, a
 * closed popup or a refusal keeps the dialog open with the reason; resolves true once the API has closed the account.
 */
export async function confirmAndCloseAccount(steps: ClosingSteps): Promise<boolean> {
  const Swal = await loadDialogs();
  const confirmIdentity = async (password?: string): Promise<boolean> => {
    try {
      await steps.reauthenticate(password);
      return true;
    } catch (error) {
      Swal.showValidationMessage(WRONG_PASSWORD.has(String(codeOf(error))) ? PASSWORD_WRONG : NOT_CONFIRMED);
      return false;
    }
  };
  const result = await Swal.fire({
    ...DIALOG_OPTIONS,
    icon: 'warning',
    title: CLOSE_ACCOUNT_TITLE,
    text: CLOSE_ACCOUNT_TEXT,
    // A Google-only member has no password to give: Google's popup confirms instead.
    input: steps.usesPassword ? 'password' : undefined,
    inputLabel: steps.usesPassword ? PASSWORD_LABEL : undefined,
    inputAttributes: { autocomplete: 'current-password' },
    inputValidator: (value: string) => (value ? null : PASSWORD_MISSING),
    showCancelButton: true,
    showDenyButton: true,
    confirmButtonText: steps.usesPassword ? CLOSE_ACCOUNT : CONFIRM_WITH_GOOGLE,
    denyButtonText: DOWNLOAD_FIRST,
    cancelButtonText: CANCEL,
    reverseButtons: true,
    showLoaderOnConfirm: true,
    showLoaderOnDeny: true,
    allowOutsideClick: () => !Swal.isLoading(),
    allowEscapeKey: () => !Swal.isLoading(),
    preDeny: async () => {
      try {
        await steps.downloadFirst();
        Swal.resetValidationMessage();
        const done = document.createElement('p');
        done.setAttribute('role', 'status');
        done.textContent = DOWNLOADED_FIRST;
        Swal.getHtmlContainer()?.querySelector('[role="status"]')?.remove();
        Swal.getHtmlContainer()?.append(done);
      } catch (error) {
        Swal.showValidationMessage(errorMessage(error, DOWNLOAD_FAILED));
      }
      // The dialog stays open: the member goes on to close, or cancels.
      return false;
    },
    preConfirm: async (password?: string) => {
      if (!(await confirmIdentity(steps.usesPassword ? password : undefined))) return false;
      return steps.close().then(
        () => true,
        (error: unknown) => {
          Swal.showValidationMessage(errorMessage(error, CLOSE_ACCOUNT_FAILED));
          return false;
        },
      );
    },
  });
  return result.isConfirmed && result.value === true;
}

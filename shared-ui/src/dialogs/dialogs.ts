/**
 * The site's dialogs: sweetalert2 in the kit's colours. Its code (about 20 KB compressed) loads only when a page
 * asks, once the page is live or at the first dialog, never before a first paint; its restyling comes with it.
 */
import type { SweetAlertOptions } from 'sweetalert2';
import { loadOnce } from '../scheduling/load-once';
import { DIALOG_CLASSES, DIALOG_CSS } from './dialog-theme';

export type SweetAlert = typeof import('sweetalert2').default;

/** sweetalert2, loaded once, with the kit's dialog styles in the document. */
export const loadDialogs: () => Promise<SweetAlert> = loadOnce(async () => {
  const { default: Swal } = await import('sweetalert2');
  if (!document.querySelector('style[data-hv-dialogs]')) {
    const style = document.createElement('style');
    style.dataset.hvDialogs = '';
    style.textContent = DIALOG_CSS;
    document.head.append(style);
  }
  return Swal;
});

/** Every dialog's base: the kit's classes and none of sweetalert2's own button styling. */
export const DIALOG_OPTIONS: SweetAlertOptions = {
  buttonsStyling: false,
  customClass: DIALOG_CLASSES,
  // sweetalert2 otherwise forces `height: auto` on html and body, which the fixed navbar layout does not expect.
  heightAuto: false,
};

/** A notice (one gold button) rather than a choice whose confirm button is the destructive one. */
export const NOTICE_DIALOG_OPTIONS: SweetAlertOptions = {
  ...DIALOG_OPTIONS,
  customClass: { ...DIALOG_CLASSES, container: `${DIALOG_CLASSES.container} hv-dialog-notice` },
};

/**
 * Asks a yes-or-no question whose yes loses something (leave with unsaved changes, close an account): focus starts
 * on the safe choice, Escape and the backdrop choose it too. Resolves true for the confirm button.
 */
export async function confirmDialog({
  title,
  text,
  confirm,
  cancel,
}: {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
}): Promise<boolean> {
  const Swal = await loadDialogs();
  const result = await Swal.fire({
    ...DIALOG_OPTIONS,
    icon: 'warning',
    title,
    text,
    showCancelButton: true,
    confirmButtonText: confirm,
    cancelButtonText: cancel,
    focusCancel: true,
    reverseButtons: true,
  });
  return result.isConfirmed;
}

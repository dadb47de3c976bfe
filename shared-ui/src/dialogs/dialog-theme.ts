import { createGlobalStyle, css } from 'styled-components';

/**
 * sweetalert2 in the kit's colours. The library injects its own CSS when imported (a plain .css import would not
 * reach the page from a federated remote); these rules, scoped to the dialogs' own classes, only restyle it.
 */
export const DIALOG_CLASSES = {
  container: 'hv-dialog',
  popup: 'hv-dialog-popup',
  title: 'hv-dialog-title',
  htmlContainer: 'hv-dialog-text',
  actions: 'hv-dialog-actions',
  confirmButton: 'hv-dialog-button hv-dialog-confirm',
  cancelButton: 'hv-dialog-button hv-dialog-cancel',
} as const;

const button = css`
  min-height: 44px;
  padding: 0.6rem 1.25rem;
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
`;

export const DialogStyle = createGlobalStyle`
  .hv-dialog.swal2-backdrop-show { background: ${({ theme }) => theme.colors.overlay}; }
  .hv-dialog .hv-dialog-popup {
    background: ${({ theme }) => theme.colors.white};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    border-top: 4px solid ${({ theme }) => theme.colors.gold};
    border-radius: ${({ theme }) => theme.radii.lg};
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }
  .hv-dialog .hv-dialog-title {
    font-family: ${({ theme }) => theme.fonts.heading};
    color: ${({ theme }) => theme.colors.brownDark};
  }
  .hv-dialog .hv-dialog-text { color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
  .hv-dialog .hv-dialog-actions { gap: ${({ theme }) => theme.space.sm}; }
  .hv-dialog .hv-dialog-button { ${button} }
  .hv-dialog .hv-dialog-confirm {
    background: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.white};
  }
  .hv-dialog.hv-dialog-notice .hv-dialog-confirm {
    background: ${({ theme }) => theme.colors.gold};
    border-color: ${({ theme }) => theme.colors.gold};
    color: ${({ theme }) => theme.colors.brownDark};
  }
  .hv-dialog .hv-dialog-confirm:hover { filter: brightness(1.08); }
  .hv-dialog .hv-dialog-cancel {
    background: transparent;
    border-color: ${({ theme }) => theme.colors.brownLight};
    color: ${({ theme }) => theme.colors.brown};
  }
  .hv-dialog .hv-dialog-cancel:hover { background: ${({ theme }) => theme.colors.parchmentDark}; }
  .hv-dialog .hv-dialog-button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  .hv-dialog .swal2-icon.swal2-warning { border-color: ${({ theme }) => theme.colors.gold}; color: ${({ theme }) => theme.colors.goldDark}; }
  .hv-dialog .swal2-icon.swal2-error { border-color: ${({ theme }) => theme.colors.danger}; }
  .hv-dialog .swal2-icon.swal2-error [class^='swal2-x-mark-line'] { background-color: ${({ theme }) => theme.colors.danger}; }
  .hv-dialog .swal2-icon.swal2-success { border-color: ${({ theme }) => theme.colors.success}; color: ${({ theme }) => theme.colors.success}; }
  .hv-dialog .swal2-icon.swal2-success [class^='swal2-success-line'] { background-color: ${({ theme }) => theme.colors.success}; }
  .hv-dialog .swal2-icon.swal2-success .swal2-success-ring { border-color: rgba(63, 107, 53, 0.3); }
  .hv-dialog .swal2-loader { border-color: ${({ theme }) => theme.colors.gold} transparent; }
`;

import { theme } from '../theme/theme';

/**
 * sweetalert2 in the kit's colours. The library injects its own CSS when imported (a plain .css import would not
 * reach the page from a federated remote); these rules, scoped to the dialogs' own classes, only restyle it, and
 * are injected the same way, once, when the dialogs load (dialogs.ts): no page's first paint carries them.
 */
export const DIALOG_CLASSES = {
  container: 'hv-dialog',
  popup: 'hv-dialog-popup',
  title: 'hv-dialog-title',
  htmlContainer: 'hv-dialog-text',
  actions: 'hv-dialog-actions',
  confirmButton: 'hv-dialog-button hv-dialog-confirm',
  cancelButton: 'hv-dialog-button hv-dialog-cancel',
  // A third, harmless choice (Profile's 'Download my data first') looks like Cancel.
  denyButton: 'hv-dialog-button hv-dialog-cancel',
} as const;

const button = `
  min-height: 44px;
  padding: 0.6rem 1.25rem;
  border: 2px solid transparent;
  border-radius: ${theme.radii.md};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
`;

export const DIALOG_CSS = `
  .hv-dialog.swal2-backdrop-show { background: ${theme.colors.overlay}; }
  .hv-dialog .hv-dialog-popup {
    background: ${theme.colors.white};
    color: ${theme.colors.text};
    font-family: ${theme.fonts.body};
    border-top: 4px solid ${theme.colors.gold};
    border-radius: ${theme.radii.lg};
    box-shadow: ${theme.shadows.raised};
  }
  .hv-dialog .hv-dialog-title {
    font-family: ${theme.fonts.heading};
    color: ${theme.colors.brownDark};
  }
  .hv-dialog .hv-dialog-text { color: ${theme.colors.textMuted}; overflow-wrap: anywhere; }
  .hv-dialog .hv-dialog-actions { gap: ${theme.space.sm}; }
  .hv-dialog .hv-dialog-button { ${button} }
  .hv-dialog .hv-dialog-confirm {
    background: ${theme.colors.danger};
    border-color: ${theme.colors.danger};
    color: ${theme.colors.white};
  }
  .hv-dialog.hv-dialog-notice .hv-dialog-confirm {
    background: ${theme.colors.gold};
    border-color: ${theme.colors.gold};
    color: ${theme.colors.brownDark};
  }
  .hv-dialog .hv-dialog-confirm:hover { filter: brightness(1.08); }
  .hv-dialog .hv-dialog-cancel {
    background: transparent;
    border-color: ${theme.colors.brownLight};
    color: ${theme.colors.brown};
  }
  .hv-dialog .hv-dialog-cancel:hover { background: ${theme.colors.parchmentDark}; }
  .hv-dialog .hv-dialog-button:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  .hv-dialog .swal2-icon.swal2-warning { border-color: ${theme.colors.gold}; color: ${theme.colors.goldDark}; }
  .hv-dialog .swal2-icon.swal2-error { border-color: ${theme.colors.danger}; }
  .hv-dialog .swal2-icon.swal2-error [class^='swal2-x-mark-line'] { background-color: ${theme.colors.danger}; }
  .hv-dialog .swal2-icon.swal2-success { border-color: ${theme.colors.success}; color: ${theme.colors.success}; }
  .hv-dialog .swal2-icon.swal2-success [class^='swal2-success-line'] { background-color: ${theme.colors.success}; }
  .hv-dialog .swal2-icon.swal2-success .swal2-success-ring { border-color: rgba(63, 107, 53, 0.3); }
  .hv-dialog .swal2-loader { border-color: ${theme.colors.gold} transparent; }
`;

/**
 * The site's toasts (spec sections 2 and 9), as every page raises them: `toast.success(message)`,
 * `toast.error(message, { id })`. They are react-hot-toast's, one copy shared by the shell and the remotes, but
 * its code loads only when a first toast is raised or the page is idle (ToastArea asks then): no page's first paint
 * waits for it.
 */
import type { ToastOptions } from 'react-hot-toast';
import { loadOnce } from '../scheduling/load-once';

export type HotToast = typeof import('react-hot-toast');

let announceLoaded: (module: HotToast) => void;

/** Resolves once react-hot-toast is loaded, whoever asked for it first. */
export const toastsLoaded = new Promise<HotToast>((resolve) => (announceLoaded = resolve));

/** Loads react-hot-toast once; a failed load (a network hiccup) is tried again on the next call. */
export const loadToasts: () => Promise<HotToast> = loadOnce(async () => {
  const module = await import('react-hot-toast');
  announceLoaded(module);
  return module;
});

function raise(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  loadToasts()
    .then(({ default: hotToast }) => hotToast[kind](message, options))
    .catch((error: unknown) => console.error(`Could not show the toast "${message}"`, error));
}

export const toast = {
  success: (message: string, options?: ToastOptions): void => raise('success', message, options),
  error: (message: string, options?: ToastOptions): void => raise('error', message, options),
};

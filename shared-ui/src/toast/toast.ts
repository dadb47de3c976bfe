/**
 * The site's toasts (spec sections 2 and 9): react-hot-toast's, whose code loads for a first toast or once the page is
 * idle (docs/architecture.md, "What is shared: the kit, the router, the model").
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

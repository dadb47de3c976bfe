/**
 * `load` run once: every caller shares its promise. A failed load (a network hiccup) is forgotten, so the next call
 * tries again rather than failing for the rest of the visit. The apps use it for the libraries only a member's action
 * needs (the dialogs, the form's validation model), so those come down after the page is live, not before.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

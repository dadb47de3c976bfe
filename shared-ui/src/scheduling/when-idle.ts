/**
 * Runs `task` when the browser is next idle, and within `timeoutMs` at most; returns what cancels it. A subpath of the
 * kit, not of its singleton entry: each app bundles it, so a remote built with it needs nothing new from the shell.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): () => void {
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(task, 200);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}

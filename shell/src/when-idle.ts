/** Runs `task` when the browser is next idle, and within `timeoutMs` at most. */
export function whenIdle(task: () => void, timeoutMs = 1000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 200);
}

/**
 * Runs `task` once the page's load event has fired: now if it has. The shell's module awaits its routes before it
 * gets here, and a page whose files all arrived meanwhile has fired its load event already.
 */
export function afterLoad(task: () => void): void {
  if (document.readyState === 'complete') task();
  else window.addEventListener('load', task, { once: true });
}

/**
 * Runs `task` once the next frame has been painted; returns what cancels it. Code started before that frame holds the
 * frame back until its first run is done, and an effect of a commit a store update caused runs before the browser
 * paints it: what is not needed on screen waits for this instead. A task queued from the frame's animation callback
 * runs once that frame is painted. A hidden page paints no frames: there `task` runs at once.
 *
 * A subpath of the kit, not of its singleton entry: each app bundles it, so a remote
 * built with it needs nothing new from the shell's kit.
 */
export function afterNextPaint(task: () => void): () => void {
  if (document.visibilityState !== 'visible') {
    task();
    return () => {};
  }
  let queued: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    queued = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(queued);
  };
}

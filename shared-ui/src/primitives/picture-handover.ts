import { useState } from 'react';

/**
 * Whether the render under way replaces the picture of the page that index.html showed before any code had run
 * (shell/src/routes/first-paint.tsx): what that render mounts is on screen already, so it makes no entrance again,
 * or carries on the one the picture is making.
 */
let replacingPicture = false;
/** By animation name, how long the picture's animations of that name had run (ms), or null with none running. */
const pictureElapsed = new Map<string, number | null>();

/** Set by the shell around the render that replaces the picture. */
export function setReplacingPicture(value: boolean): void {
  replacingPicture = value;
  pictureElapsed.clear();
}

/**
 * Whether this component, as it mounts, makes its entrance (spec section 9's animations): not over its picture.
 * @deprecated The kit's cards use `useEntranceDelay`; kept because it is a kit export (removing one is a major).
 */
export function useEntrance(): boolean {
  const [enters] = useState(() => !replacingPicture);
  return enters;
}

/**
 * How long the picture's `name` animations have run, read while the picture is still in the page (the render before
 * the commit that replaces it): they all began together, as the head start drew it. Null once none is running (all
 * ended, or ended at once for a visitor who asks for less motion).
 */
function elapsedInPicture(name: string): number | null {
  if (!pictureElapsed.has(name)) {
    // (Optional: an older browser without it draws the live cards as they are.)
    const running = document
      .getAnimations?.()
      .find(
        (animation) =>
          'animationName' in animation &&
          animation.animationName === name &&
          animation.playState === 'running',
      );
    const [now, start] = [document.timeline?.currentTime, running?.startTime];
    pictureElapsed.set(name, typeof now === 'number' && typeof start === 'number' ? now - start : null);
  }
  return pictureElapsed.get(name)!;
}

/**
 * The animation-delay (ms) of the entrance `name` (a `duration` ms animation) that this component makes as it
 * mounts, `delay` ms into its page's: `delay` itself, except over its picture. There it carries on from as far as the
 * picture's own had run (a negative delay starts it part-way), so a card still fading in neither pops in nor starts
 * again; null when the picture's had ended, or it made none (the card is on screen already).
 */
export function useEntranceDelay(name: string, delay: number, duration: number): number | null {
  const [value] = useState(() => {
    if (!replacingPicture) return delay;
    const elapsed = elapsedInPicture(name);
    return elapsed !== null && delay + duration > elapsed ? delay - elapsed : null;
  });
  return value;
}

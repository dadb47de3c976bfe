import { useState } from 'react';

/**
 * Whether the render under way replaces the picture of the page that index.html showed before any code had run
 * (shell/src/routes/first-paint.tsx): what that render mounts is on screen already, so it makes no entrance again.
 */
let replacingPicture = false;

/** Set by the shell around the render that replaces the picture. */
export function setReplacingPicture(value: boolean): void {
  replacingPicture = value;
}

/** Whether this component, as it mounts, makes its entrance (spec section 9's animations): not over its picture. */
export function useEntrance(): boolean {
  const [enters] = useState(() => !replacingPicture);
  return enters;
}

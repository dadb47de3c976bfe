/**
 * The hand-over from index.html's prerendered first screen to the live app: in the commit that replaced the picture,
 * before it is painted, the layout's marks are lifted (shell/src/routes/first-paint.tsx calls it).
 */
import { FIRST_PAINT_ATTRIBUTE } from '../marks.ts';

export function endFirstPaint(container: HTMLElement): void {
  container.removeAttribute(FIRST_PAINT_ATTRIBUTE);
  container.removeAttribute('inert');
  for (const style of document.head.querySelectorAll(`style[${FIRST_PAINT_ATTRIBUTE}]`)) style.remove();
}

/** The head start's few DOM helpers: hints in the head, the parsed document, images on screen, bounded waits. */
import { afterNextPaint } from 'shared-ui/scheduling/after-next-paint';
import { fallBack, type FirstPaintState } from './state.ts';

/** Appends a <link> with these attributes (those set) to the head. */
export function hint(attributes: Record<string, string | undefined>): void {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) if (value) link.setAttribute(name, value);
  document.head.appendChild(link);
}

/** Preloads an image at high priority, as the <img> or <source> with these attributes will ask for it. */
export const preloadImage = (attributes: Record<string, string | undefined>) =>
  hint({ rel: 'preload', as: 'image', fetchpriority: 'high', ...attributes });

/** Runs `run` once the document is parsed. */
export function whenParsed(run: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}

/**
 * Settled once each of `images` has loaded, or failed to, and then a frame has painted them (afterNextPaint): code
 * started before that frame held About's paint, on the fast link, back by 45-60 ms.
 */
export function onScreen(images: HTMLImageElement[]): Promise<void> {
  return Promise.all(
    images
      .filter((img) => !img.complete)
      .map(
        (img) =>
          new Promise((settled) => {
            img.addEventListener('load', settled, { once: true });
            img.addEventListener('error', settled, { once: true });
          }),
      ),
  ).then(() => new Promise<void>((painted) => void afterNextPaint(painted)));
}

/**
 * The longest the shell's code waits for what the head start puts before it (Firebase's module, a picture's images):
 * a stalled remotes.json, manifest or image must not leave the site without its code. A picture takes about 2 s over
 * a slow link (1.6 Mbps, 150 ms).
 */
export const LONGEST_WAIT_MS = 3000;

/** Settles once `step` has, fulfilled or not, or after LONGEST_WAIT_MS (a fallback, said and counted). */
export const atMostLongestWait = (state: FirstPaintState, step: Promise<unknown>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(() => (fallBack(state, 'longest wait'), resolve()), LONGEST_WAIT_MS);
    const settle = () => (clearTimeout(timer), resolve());
    step.then(settle, settle);
  });

/**
 * The shell's own code, started by the head start as index.html's own tags would have (its chunks at once, its entry
 * once the document is parsed), but when the page's first paint allows: on a slow link the shell's 135 KB would
 * otherwise take the bandwidth remotes.json, the manifest and the picture's images need (remotes.json alone took
 * 0.7 s beside them at 1.6 Mbps), and on any link its parsing would hold up the picture's paint.
 */
import { releaseHeldBackStyles } from '../marks.ts';
import { atMostLongestWait, hint, whenParsed } from './dom.ts';
import type { ShellCode } from './settings.ts';
import type { FirstPaintState } from './state.ts';

export function shellCodeStarter(state: FirstPaintState, shellCode: ShellCode) {
  let codeWaitsFor: Promise<void> | null = null;
  let entryWaitsFor: Promise<void> | null = null;
  const starter = {
    started: false,
    /**
     * The fonts (marks.ts, held back) start with the shell's code: on a prerendered route, whose picture's images
     * come first. Elsewhere the shell starts them once the page is on screen (AfterPageShown): on a slow link they
     * took a quarter of the bandwidth the page's code needed, 300-400 ms of its time to live.
     */
    fontsWithCode: false,
    /** Starts the shell's code, once; after what it waits for (`waitFor`), if anything. */
    start(): void {
      if (starter.started) return;
      if (codeWaitsFor) return void codeWaitsFor.then(starter.start);
      starter.started = true;
      for (const href of shellCode.preloads) hint({ rel: 'modulepreload', crossorigin: 'anonymous', href });
      const runEntry = () =>
        whenParsed(() => {
          if (starter.fontsWithCode) releaseHeldBackStyles();
          const script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = 'anonymous';
          script.src = shellCode.entry;
          document.head.appendChild(script);
        });
      if (entryWaitsFor) void entryWaitsFor.then(runEntry);
      else runEntry();
    },
    /** The shell's code, chunks and entry, waits for `step` (LONGEST_WAIT_MS at most): a returning member's Firebase. */
    waitFor(step: Promise<unknown>): void {
      codeWaitsFor = atMostLongestWait(state, step).then(() => void (codeWaitsFor = null));
    },
    /** The shell's entry, its chunks loading, waits for `step` (LONGEST_WAIT_MS at most): a picture with data. */
    entryWaitsFor(step: Promise<unknown>): void {
      entryWaitsFor = atMostLongestWait(state, step);
    },
  };
  return starter;
}

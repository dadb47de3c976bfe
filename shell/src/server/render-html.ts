/**
 * React's HTML of a page for the server renderer (render-page.tsx): written whole once every Suspense boundary has
 * resolved, or a PageRenderFailure.
 */
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { failureOf, PageRenderFailure } from './page-render-failure';

/** React's whole HTML of `app`, once every Suspense boundary has resolved; rejects on any error or on `signal`. */
export function renderToString(app: ReactNode, signal: AbortSignal): Promise<string> {
  // The first to settle the promise wins: no HTML after an error, no error once the HTML is on its way.
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => reject(failureOf(error, 'the page threw: '));
    const stream = renderToPipeableStream(app, {
      // Every boundary written in place: React outlines a large one (Home's page) behind a script that reveals it,
      // which a browser without JavaScript never runs, and the page would show its loading state.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => resolve(text(stream.pipe(new PassThrough()))),
      onShellError: fail,
      // An error inside a Suspense boundary would be rendered in the browser instead: the page is not the server's.
      onError: fail,
    });
    const abort = () => {
      fail(new PageRenderFailure('it overran the render deadline'));
      stream.abort();
    };
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

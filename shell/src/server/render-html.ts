/**
 * React's HTML of a page for the server renderer (render-page.tsx): written whole once every Suspense boundary has
 * resolved, or a PageRenderFailure.
 */
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { messageOf, PageRenderFailure } from './page-render-failure';

/** React's whole HTML of `app`, once every Suspense boundary has resolved; rejects on any error or on `signal`. */
export function renderToString(app: ReactNode, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(
        error instanceof PageRenderFailure
          ? error
          : new PageRenderFailure(`the page threw: ${messageOf(error)}`, { cause: error }),
      );
    };
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        if (!failed) resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      // Every boundary written in place: React outlines a large one (Home's page) behind a script that reveals it,
      // which a browser without JavaScript never runs, and the page would show its loading state.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
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

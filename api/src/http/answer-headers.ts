/**
 * The headers every answer carries, set in one `onRequest` hook, the first, so that refusals by later hooks carry
 * them too: helmet's security headers and the request's id (`X-Request-Id`, request-id.ts).
 *
 * The API answers JSON and images: nothing it sends needs a script, a style or a frame, so its
 * Content-Security-Policy allows nothing, and no page may frame it. /docs, the one page, gets a policy of its own for
 * swagger-ui's scripts and styles (app.ts: `staticCSP`, which replaces this one there).
 *
 * helmet's middleware is made once, here, and run on each request. (@fastify/helmet, used before, made a new one
 * for every request, which cost reads by id about two fifths of their throughput: bench/results/api-readings.md.)
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { REQUEST_ID_HEADER } from './request-id.ts';

const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  frameguard: { action: 'deny' },
  // The site's pages, on other origins, show the API's images with <img>; JSON is guarded by CORS, not by this.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

export function registerAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // On the response itself, as helmet's are: Fastify's own copy of a header costs a read more.
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * Security headers on every answer, by helmet. The API answers JSON and images: nothing it sends needs a script, a
 * style or a frame, so its Content-Security-Policy allows nothing, and no page may frame it. /docs, the one page,
 * gets a policy of its own for swagger-ui's scripts and styles (app.ts: `staticCSP`).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    frameguard: { action: 'deny' },
    // The site's pages, on other origins, show the API's images with <img>; JSON is guarded by CORS, not by this.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
}

/**
 * The JSON body parser. An empty body is allowed here (a DELETE or a like sent with a JSON content type and no body
 * is fine); the routes that need a body say so. Malformed JSON is a 400 that says so, never a 500. JSON.parse makes
 * a "__proto__" key an own property (no prototype pollution), and the zod schemas strip unknown keys anyway.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export function registerJsonBodyParser(app: FastifyInstance): void {
  // JSON only: a text/plain body is a 415, not a string the routes would have to reject.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      done(badRequest(`Malformed JSON in request body: ${(error as Error).message}`));
      return;
    }
    done(null, parsed);
  });
}

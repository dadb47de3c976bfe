/**
 * The JSON body parser. An empty body is allowed here (a DELETE or a like sent with a JSON content type and no body
 * is fine); the routes that need a body say so. Malformed JSON is a 400 that says so, never a 500, and so are bytes
 * that are not UTF-8 (a decoder would silently turn them into U+FFFD): the 400 names the fields that hold them.
 * JSON.parse makes a "__proto__" key an own property (no prototype pollution), and the zod schemas strip unknown
 * keys anyway.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest } from './errors.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The 400 for a body that is not UTF-8, naming the top-level fields whose text holds the bad bytes. */
function notUtf8(bytes: Buffer): ApiError {
  let fields: string[] = [];
  try {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    if (parsed && typeof parsed === 'object')
      fields = Object.entries(parsed)
        .filter(([, value]) => JSON.stringify(value).includes('\uFFFD'))
        .map(([key]) => key);
  } catch {
    // Not JSON either: no field to name.
  }
  const message = (field: string) => `${field} holds bytes that are not valid UTF-8`;
  return badRequest(
    fields.length
      ? `Invalid body: ${fields.map(message).join('; ')}`
      : 'The request body is not valid UTF-8: send JSON encoded as UTF-8',
    fields.map((field) => ({ field, message: message(field) })),
  );
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  // JSON only: a text/plain body is a 415, not a string the routes would have to reject.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody);
}

/**
 * Reads a body as JSON whatever its content type says: for the one route that takes JSON sent as text/plain
 * (navigator.sendBeacon's telemetry, which a browser sends cross-origin without a preflight only as text/plain).
 */
export function takeJsonSentAsText(scope: FastifyInstance): void {
  scope.addContentTypeParser('text/plain', { parseAs: 'buffer' }, parseJsonBody);
}

function parseJsonBody(
  _request: unknown,
  body: string | Buffer,
  done: (error: Error | null, parsed?: unknown) => void,
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    done(notUtf8(bytes));
    return;
  }
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
}

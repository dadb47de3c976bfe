/**
 * A path or a query whose %-escapes are not UTF-8 text (a byte such as %ff, or a lone surrogate's %ed%a0%80) is
 * refused with the API's error shape, never read: Fastify's router would answer its own shape for the path, and its
 * query parser keeps such a value as it is written, so `q=%ff` would be searched for the literal text "%ff".
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
} from 'fastify';
import { badRequest, type ErrorBody } from './errors.ts';

/** Where `rewriteUrl` sends a path that is not text: a route like any other, so CORS and helmet's headers apply. */
const PATH_NOT_TEXT_ROUTE = '/__path-not-text';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The text a URL component stands for, or null when its escapes are not UTF-8 or not escapes at all. */
function decodedText(component: string): string | null {
  try {
    return decodeURIComponent(component);
  } catch {
    return null;
  }
}

/** A query's component: as Fastify's parser reads them, '+' is a space and '%' not before two hex digits is itself. */
const decodedQueryText = (component: string) =>
  decodedText(component.replace(/\+/g, ' ').replace(/%(?![0-9a-f]{2})/gi, '%25'));

const pathOf = (url: string) => url.split('?')[0] ?? url;
const pathRefusalMessage = (path: string, why: string) => `The path ${path} is not valid: ${why}`;

/** Fastify's `rewriteUrl`: a path whose escapes are malformed or not UTF-8 goes to PATH_NOT_TEXT_ROUTE, the rest as it is. */
export function routePathsThatAreNotText(request: RawRequestDefaultExpression): string {
  const url = request.url ?? '/';
  const path = pathOf(url);
  return path.includes('%') && decodedText(path) === null ? PATH_NOT_TEXT_ROUTE : url;
}

/** Fastify's `frameworkErrors`, for what its router refuses itself (a parameter over maxParamLength, a bad escape). */
export function pathRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const why =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a part of it is too long' : 'it is not a valid URL path';
  return reply.code(error.statusCode ?? 400).send({
    success: false,
    message: pathRefusalMessage(pathOf(request.originalUrl), why),
  } satisfies ErrorBody);
}

/**
 * The 400 for a path that is not text (above), and, before any route, for a query parameter whose name or value is
 * not UTF-8 text, naming the parameter.
 */
export function refuseUrlsThatAreNotText(app: FastifyInstance): void {
  app.route({
    method: METHODS,
    url: PATH_NOT_TEXT_ROUTE,
    schema: { hide: true },
    handler: (request) => {
      throw badRequest(
        pathRefusalMessage(pathOf(request.originalUrl), 'its %-escapes are malformed or not UTF-8 text'),
      );
    },
  });
  app.addHook('onRequest', async (request) => {
    const start = request.url.indexOf('?');
    if (start < 0 || !request.url.includes('%', start)) return;
    for (const pair of request.url.slice(start + 1).split('&')) {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      if (decodedQueryText(name) !== null && decodedQueryText(value) !== null) continue;
      const field = decodedQueryText(name) ?? name;
      const message = `${field} must be UTF-8 text: it holds bytes that are not (or a lone UTF-16 surrogate)`;
      throw badRequest(`Invalid query: ${message}`, [{ field, message }]);
    }
  });
}

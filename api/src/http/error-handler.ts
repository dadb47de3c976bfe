/** One error shape for every failure: { success: false, message, errors? }, and 500 only for the server's own faults. */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { IMAGE_UPLOAD_MAX_BYTES } from 'artifact-model';
import { ApiError, badRequest, type ErrorBody, type FieldError } from './errors.ts';
import {
  SERVICE_UNAVAILABLE,
  ServiceUnavailableError,
  unavailableService,
  type UnavailableService,
} from './service-unavailable.ts';

/**
 * When a request may try again while a service is away (its 503: a write sent with an Idempotency-Key is stored once
 * however often it is sent). The database pool and the storage client reconnect by themselves.
 */
const RETRY_AFTER_SECONDS: Record<UnavailableService, number> = {
  database: 5,
  'object storage': 30,
  'identity provider': 5,
};

/**
 * How a route words a body its schema refuses (its `config.bodyRefusal`, read by schemaRefusal below): the message's
 * first words, and what to say of a body that is not a JSON object at all.
 */
export interface BodyRefusal {
  invalid: string;
  /** For a missing body; without it, a missing body is refused as not an object (a vote's body may be missing). */
  empty?: string;
  notAnObject: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    bodyRefusal?: BodyRefusal;
  }
}

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * A request its route's zod schema refused (fastify-type-provider-zod), worded as the API always has: a bad id is
 * 'Invalid artifact id'; a query `Invalid query: ...`; a body `Invalid artifact: ...` (or the route's own words,
 * `config.bodyRefusal`), with each field's message in `errors`, and a body that is no JSON object at all said so.
 */
function schemaRefusal(
  request: FastifyRequest,
  context: string | undefined,
  issues: ZodFastifySchemaValidationError[],
): ApiError {
  const fields: FieldError[] = issues.map((issue) => ({
    field: issue.instancePath.slice(1).replaceAll('/', '.') || '(body)',
    message: issue.message ?? 'is invalid',
  }));
  const messages = fields.map((field) => field.message).join('; ');
  if (context === 'params') return badRequest(messages);
  if (context === 'querystring') return badRequest(`Invalid query: ${messages}`, fields);
  const refusal = request.routeOptions.config.bodyRefusal ?? {
    invalid: 'Invalid body',
    empty: 'The request body is empty',
    notAnObject: 'The request body must be a JSON object',
  };
  if (issues.some((issue) => issue.instancePath === '/')) {
    const empty = request.body === undefined || request.body === null;
    return badRequest(empty && refusal.empty ? refusal.empty : refusal.notAnObject);
  }
  return badRequest(`${refusal.invalid}: ${messages}`, fields);
}

export function registerErrorHandlers(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler<FastifyError | ApiError | Error>((raw, request, reply) => {
    const error = hasZodFastifySchemaValidationErrors(raw)
      ? schemaRefusal(request, raw.validationContext, raw.validation)
      : raw;
    const service = unavailableService(error);
    if (service) {
      // Named at its source with a message of its own (ServiceUnavailableError), or the service's.
      const message = error instanceof ServiceUnavailableError ? error.message : SERVICE_UNAVAILABLE[service];
      request.log.warn({ err: error, service }, message);
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS[service]))
        .send({ success: false, message } satisfies ErrorBody);
    }
    if (error instanceof ApiError) {
      const body: ErrorBody = { success: false, message: error.message };
      if (error.errors?.length) body.errors = error.errors;
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.statusCode).send(body);
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      let message = fastifyError.message;
      switch (fastifyError.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          message = `Request body is too large: the limit is ${Math.round(bodyLimit / 1024)} KB`;
          break;
        case 'FST_REQ_FILE_TOO_LARGE':
          message = `The photo is too large: photos may take at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB`;
          break;
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          message = `Unsupported content type ${JSON.stringify(request.headers['content-type'] ?? '')}: send application/json`;
          break;
        case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
          message = 'Request body length does not match its Content-Length header';
          break;
        default:
          break;
      }
      return reply.code(status).send({ success: false, message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send({ success: false, message: 'Internal server error' } satisfies ErrorBody);
  });

  // Which methods a path has, matched as Fastify's own router matches it (find-my-way): a path that exists with
  // another method is a 405 with Allow, not a 404. Catch-all routes (CORS preflight's OPTIONS *) say nothing.
  const routes = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 320 });
  app.addHook('onRoute', ({ method, url }) => {
    if (url.includes('*')) return;
    for (const each of [method].flat())
      if (!routes.find(each as HTTPMethod, url)) routes.on(each as HTTPMethod, url, () => undefined);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    // Named as the client sent it (under /api too: http/api-path-shapes.ts).
    const sent = request.originalUrl.split('?')[0] ?? request.originalUrl;
    const allowed = METHODS.filter((method) => routes.find(method, path));
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('Allow', allowed.join(', '))
        .send({
          success: false,
          message: `${request.method} is not allowed on ${sent}: use ${allowed.join(', ')}`,
        } satisfies ErrorBody);
    }
    return reply
      .code(404)
      .send({ success: false, message: `Route ${request.method} ${sent} not found` } satisfies ErrorBody);
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over `maxHeaderSize`, malformed requests, a
 * client too slow to send its request) get the API's error shape too, not Node's or Fastify's own.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers are too large: they may take 16 KB in all']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ success: false, message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

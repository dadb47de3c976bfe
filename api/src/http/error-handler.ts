/** One error shape for every failure: { success: false, message, errors? }, and 500 only for the server's own faults. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, type ErrorBody } from './errors.ts';

export function registerErrorHandlers(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler<FastifyError | ApiError | Error>((error, request, reply) => {
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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    return reply.code(404).send({ success: false, message: `Route ${request.method} ${path} not found` } satisfies ErrorBody);
  });
}

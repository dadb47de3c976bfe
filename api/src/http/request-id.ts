/**
 * Every request has an id, which its log lines carry (pino's `reqId`) and its answer names in `X-Request-Id`, so one
 * request can be followed from the web server's log to the API's and back to what the client saw. The id is the
 * one the request came with in `X-Request-Id` (production's nginx sends its own `$request_id`, or the one its client
 * sent: deploy/nginx/render.ts) when it is a plain token, or a new UUID: an id is never trusted for anything but
 * finding log lines, and one of other characters or over REQUEST_ID_MAX characters is replaced, not logged.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_MAX = 128;
/** Letters, digits and - _ . : (a UUID, nginx's 32 hex digits, a load balancer's trace id). */
const PLAIN_TOKEN = new RegExp(`^[\\w.:-]{1,${REQUEST_ID_MAX}}$`);

/** Fastify's genReqId: the request's own id when it is a plain token, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PLAIN_TOKEN.test(given) ? given : randomUUID();
}

/** Each answer names its request's id, refusals and errors included. */
export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // Fastify keeps header names lowercased (so they go out lowercased): the name given lowercased costs no new string.
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/**
 * The signed-in member of a request, from its verified token. Write routes verify it in `preValidation`, before the
 * body is validated: a request without a valid token is a 401 whatever its body, as before any other answer. A
 * write asks the identity provider (a disabled, deleted or revoked account is refused at once, whatever the token
 * cache holds), and a write whose client has gone while that was asked never reaches its handler.
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { ApiError, unauthorized } from '../http/errors.ts';
import { pageSessionCookie, type Identity, type TokenVerifier } from './verify-token.ts';

/** A write's answer to the render service's credential: the page session cookie serves reads only. */
export const WRITES_NEED_BEARER = 'A page session serves page reads only: a write needs the bearer token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireMember` on the routes that need a member. */
    member: Identity | null;
    /**
     * Aborted when the client's connection closes before its answer was sent (requests with a token only).
     * Fastify's own `request.signal` follows the request stream, which also closes once a body has been read.
     */
    clientGone: AbortSignal | undefined;
  }
}

export function decorateMember(app: FastifyInstance): void {
  app.decorateRequest('member', null);
  app.decorateRequest('clientGone', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.authorization) {
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      request.clientGone = gone.signal;
    }
    done();
  });
}

export const requireMember =
  (verifier: TokenVerifier): preValidationAsyncHookHandler =>
  async (request) => {
    // The cookie opens no write, not even sent as a header (a browser never sends it so by itself: it is httpOnly).
    if (pageSessionCookie(request.headers.authorization)) throw unauthorized(WRITES_NEED_BEARER);
    const member = await verifier.verify(request.headers.authorization, {
      checkRevoked: true,
      signal: request.clientGone,
    });
    // The client gave up while the provider was asked: nobody waits for this write, so it is not made.
    if (request.clientGone?.aborted) throw new ApiError(503, 'The request was closed before it was applied');
    request.member = member;
  };

/** The member `requireMember` verified for this request. */
export function memberOf(request: FastifyRequest): Identity {
  if (!request.member)
    throw new Error(`${request.routeOptions.url} needs requireMember in its preValidation`);
  return request.member;
}

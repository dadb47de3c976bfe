/**
 * The signed-in member of a request, from its verified token. Write routes verify it in `preValidation`, before the
 * body is validated: a request without a valid token is a 401 whatever its body, as before any other answer.
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Identity, TokenVerifier } from './verify-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireMember` on the routes that need a member. */
    member: Identity | null;
  }
}

export function decorateMember(app: FastifyInstance): void {
  app.decorateRequest('member', null);
}

export const requireMember =
  (verifier: TokenVerifier): preValidationAsyncHookHandler =>
  async (request) => {
    request.member = await verifier.verify(request.headers.authorization);
  };

/** The member `requireMember` verified for this request. */
export function memberOf(request: FastifyRequest): Identity {
  if (!request.member)
    throw new Error(`${request.routeOptions.url} needs requireMember in its preValidation`);
  return request.member;
}

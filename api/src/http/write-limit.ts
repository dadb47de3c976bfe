/**
 * How fast one client may change data, by @fastify/rate-limit: writes (add, update, delete, like, dislike) are
 * counted per member, by the uid of the verified token, never by anything the client says of itself; a write without
 * a valid token (answered 401 anyway) is counted per address, so a flood of bad tokens cannot keep the token
 * verifier busy. Reads are not limited. One counter per member across both path shapes and every write route.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { TokenVerifier } from '../auth/verify-token.ts';
import { ApiError } from './errors.ts';

export interface WriteLimits {
  /** Writes a member may make in a minute. */
  perMember: number;
  /** Writes without a valid token one address may make in a minute. */
  perAddress: number;
}

export async function createWriteLimit(
  app: FastifyInstance,
  verifier: TokenVerifier,
  limits: WriteLimits,
): Promise<preHandlerAsyncHookHandler> {
  await app.register(rateLimit, { global: false });
  return app.rateLimit({
    timeWindow: 60_000,
    keyGenerator: async (request) => {
      try {
        // From the verifier's cache when it holds the token; requireMember then asks the provider for the write.
        const member = await verifier.verify(request.headers.authorization, { signal: request.clientGone });
        return `member:${member.uid}`;
      } catch (error) {
        // The provider not answering (503) is the answer; only a refused token counts against the address.
        if (error instanceof ApiError && error.statusCode === 503) throw error;
        return `address:${request.ip}`;
      }
    },
    max: (_request, key) => (key.startsWith('member:') ? limits.perMember : limits.perAddress),
    errorResponseBuilder: (_request, { max, after }) =>
      new ApiError(429, `Too many changes: at most ${max} a minute. Try again in ${after}.`),
  }) as preHandlerAsyncHookHandler;
}

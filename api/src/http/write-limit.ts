/**
 * How fast one client may change data, by @fastify/rate-limit: writes (add, update, delete, like, dislike, photo
 * upload) are counted per member, by the uid of the verified token, never by anything the client says of itself; a
 * write without a valid token (answered 401 anyway) is counted per address, so a flood of bad tokens cannot keep the
 * token verifier busy. Reads are not limited. One counter per member across both path shapes and every write route.
 * A few calls have a limit of their own, counted the same way (memberLimit): closing one's account and downloading
 * one's data (api/src/account/account-routes.ts).
 *
 * Counters live in this process, or, with REDIS_URL, in Redis (the plugin's Redis store), so several API processes
 * allow the limit in total rather than each. Redis is never a reason to refuse a write: while it is unreachable
 * (at start or later) the limit is not applied (the plugin's skipOnError), one warning is logged per outage, and
 * counting resumes when the client has reconnected (redis/connect-redis.ts: no command waits for Redis).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { TokenVerifier } from '../auth/verify-token.ts';
import { connectRedis, type RedisConnection } from '../redis/connect-redis.ts';
import { ApiError } from './errors.ts';

export interface WriteLimits {
  /** Writes a member may make in a minute. */
  perMember: number;
  /** Writes without a valid token one address may make in a minute. */
  perAddress: number;
  /** Where the counters are shared by every API process; undefined: in this process. */
  redisUrl?: string | undefined;
}

/** A limit of its own for one kind of request, counted like the writes: per member, or per address for a refused token. */
export interface MemberLimit {
  /** Sets its counters apart from every other limit's (the Redis store shares one key space): `account-close:`. */
  key: string;
  /** Requests a member may make in a minute. */
  perMember: number;
  /** Requests without a valid token one address may make in a minute. */
  perAddress: number;
  /** The 429's message, from the limit and the time until the next request is allowed (`1 minute`). */
  tooMany: (max: number, after: string) => string;
}

/** What the write limits' client says when Redis goes away and comes back. */
export const WRITE_LIMIT_REDIS_WORDS = {
  down: 'Redis is unreachable: write limits are not applied until it is back (REDIS_URL)',
  back: 'Redis is reachable again: write limits count again',
};

/**
 * The request limits' counters, in this process or in Redis (`redisUrl`), whose connection it answers. Registered
 * once, before any limit is made (memberLimit).
 */
export async function registerRequestLimits(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<RedisConnection | undefined> {
  const redis = redisUrl ? connectRedis(redisUrl, app.log, WRITE_LIMIT_REDIS_WORDS) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: 'heritage-vault:write-limit:', skipOnError: true } : {}),
  });
  return redis;
}

/** A pre-handler that counts a request against `limit` and answers 429 past it, with Retry-After. */
export function memberLimit(
  app: FastifyInstance,
  verifier: TokenVerifier,
  limit: MemberLimit,
): preHandlerAsyncHookHandler {
  const memberKey = `${limit.key}member:`;
  return app.rateLimit({
    timeWindow: 60_000,
    keyGenerator: async (request) => {
      try {
        // From the verifier's cache when it holds the token; requireMember then asks the provider for the write.
        const member = await verifier.verify(request.headers.authorization, { signal: request.clientGone });
        return `${memberKey}${member.uid}`;
      } catch (error) {
        // The provider not answering (503) is the answer; only a refused token counts against the address.
        if (error instanceof ApiError && error.statusCode === 503) throw error;
        return `${limit.key}address:${request.ip}`;
      }
    },
    max: (_request, key) => (key.startsWith(memberKey) ? limit.perMember : limit.perAddress),
    errorResponseBuilder: (_request, { max, after }) => new ApiError(429, limit.tooMany(max, after)),
  }) as preHandlerAsyncHookHandler;
}

/** The write limit (add, update, delete, like, dislike, photo upload): one counter per member across them all. */
export function createWriteLimit(
  app: FastifyInstance,
  verifier: TokenVerifier,
  limits: WriteLimits,
): preHandlerAsyncHookHandler {
  return memberLimit(app, verifier, {
    key: '',
    perMember: limits.perMember,
    perAddress: limits.perAddress,
    tooMany: (max, after) => `Too many changes: at most ${max} a minute. Try again in ${after}.`,
  });
}

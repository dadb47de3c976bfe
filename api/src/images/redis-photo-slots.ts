/**
 * Photo-processing slots shared by every API process on one Redis (REDIS_URL): at most `limit` photos are decoded at
 * once in all of them, and a free slot goes to the waiting photo of the lowest priority (the fewest pixels decoded
 * lately for its member: photo-queue.ts), whichever process holds it, so a flood through one process does not hold
 * another's member. Two sorted sets, changed only by Lua scripts (atomic, on Redis's own clock):
 * - leases: the photos being decoded, scored by when their lease ends. A holder renews it while it works, so a lease
 *   left by a killed process ends by itself within LEASE_MS;
 * - waiting: the photos asking, scored by priority (ties: who asked first), with `seen` scoring when each last
 *   asked: one not seen for STALE_MS (its process is gone) leaves the line.
 * A process asks again every POLL_MS while its photo waits. Redis never stops an upload: while it is unreachable
 * the process goes on with its own slots alone (one warning per outage), and shares again when it is back.
 */
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { connectRedis, type RedisConnection } from '../redis/connect-redis.ts';
import type { PhotoSlots, Release } from './photo-queue.ts';

const KEYS = ['hv:photos:leases', 'hv:photos:waiting', 'hv:photos:seen'];
const LEASE_MS = 30_000;
const STALE_MS = 2_000;
const POLL_MS = 20;

/** Redis's clock in milliseconds, for every script. */
const NOW = `local time = redis.call('TIME'); local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

/** ARGV: id, priority, limit, LEASE_MS, STALE_MS. Answers 1 when the slot is granted (and leased), else 0. */
const ASK = `${NOW}
local leases, waiting, seen = KEYS[1], KEYS[2], KEYS[3]
local id = ARGV[1]
redis.call('ZREMRANGEBYSCORE', leases, '-inf', now)
for _, gone in ipairs(redis.call('ZRANGEBYSCORE', seen, '-inf', now - tonumber(ARGV[5]))) do
  redis.call('ZREM', waiting, gone)
  redis.call('ZREM', seen, gone)
end
redis.call('ZADD', waiting, 'NX', tonumber(ARGV[2]), id)
redis.call('ZADD', seen, now, id)
local free = tonumber(ARGV[3]) - redis.call('ZCARD', leases)
if free <= 0 or redis.call('ZRANK', waiting, id) >= free then return 0 end
redis.call('ZREM', waiting, id)
redis.call('ZREM', seen, id)
redis.call('ZADD', leases, now + tonumber(ARGV[4]), id)
return 1`;

/** ARGV: id, LEASE_MS. Extends a held lease. */
const RENEW = `${NOW}
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
return 1`;

/** ARGV: id. Gives a lease back, or leaves the line. */
const DONE = `redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return 1`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SharedPhotoSlots extends PhotoSlots {
  /** Settles when the client first reaches Redis (until then the process's own bound alone applies). */
  readonly connected: Promise<void>;
  /** Its Redis client, which the metrics ask whether Redis is reachable. */
  readonly redis: RedisConnection;
  close(): Promise<void>;
}

/** What the photo slots' client says when Redis goes away and comes back. */
export const PHOTO_SLOTS_REDIS_WORDS = {
  down: 'Redis is unreachable: photos are processed with this process’s own bound until it is back',
  back: 'Redis is reachable again: photo processing shares its bound again',
};

export function redisPhotoSlots(
  url: string,
  limit: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
): SharedPhotoSlots {
  const connection = connectRedis(url, log, PHOTO_SLOTS_REDIS_WORDS);
  const redis = connection.client;
  let closing = false;
  const run = (script: string, ...args: Array<string | number>) =>
    redis.eval(script, KEYS.length, ...KEYS, ...args);

  /** The lease, renewed while it is held; given back once. */
  function leased(id: string): Release {
    const renewal = setInterval(() => void run(RENEW, id, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
    renewal.unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      clearInterval(renewal);
      void run(DONE, id).catch(() => undefined);
    };
  }

  const connected = new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  return {
    connected,
    async acquire(priority) {
      // Ties in a sorted set go by the member's text: the time first, so the one who asked first goes first.
      const id = `${Date.now().toString().padStart(15, '0')}:${randomUUID()}`;
      for (;;) {
        // Not connected (yet, or any more): this process's own bound alone, as while Redis is down.
        if (closing || redis.status !== 'ready') return () => undefined;
        try {
          if ((await run(ASK, id, priority, limit, LEASE_MS, STALE_MS)) === 1) return leased(id);
        } catch (error) {
          connection.commandFailed(error);
          void run(DONE, id).catch(() => undefined);
          return () => undefined;
        }
        await sleep(POLL_MS);
      }
    },
    redis: connection,
    async close() {
      closing = true;
      await connection.close();
    },
  };
}

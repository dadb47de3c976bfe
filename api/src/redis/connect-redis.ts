/**
 * The API's Redis clients (REDIS_URL): the write limits' counters (http/write-limit.ts) and the shared photo slots
 * (images/redis-photo-slots.ts). Redis is never a reason to make a request wait or fail: no command is queued while it
 * is offline, none is retried, one that gets no answer fails after REDIS_TIMEOUT_MS, and the client reconnects for
 * ever. Each client says in the log, once per outage, that Redis went away and what that means for its use, and that
 * it is back: both at the warning's level, so a log that keeps warnings only (LOG_LEVEL=warn, as `pnpm
 * start:production` runs the API) says the outage ended too.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** A command waits at most this long for Redis before it fails (and its caller goes on without Redis). */
export const REDIS_TIMEOUT_MS = 500;

/** What a client's use does while Redis is away, and once it is back: its two log lines. */
export interface RedisOutageWords {
  down: string;
  back: string;
}

export interface RedisConnection {
  readonly client: Redis;
  /** Connected and answering (the client's `ready` state): what the metrics report (http/metrics.ts). */
  readonly reachable: boolean;
  /** A command got no answer while the client thought Redis there (a hung server): logged as an outage. */
  commandFailed(error: unknown): void;
  /** Quits, and says nothing more of Redis going away. */
  close(): Promise<void>;
}

export function connectRedis(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  words: RedisOutageWords,
): RedisConnection {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_TIMEOUT_MS * 4,
    commandTimeout: REDIS_TIMEOUT_MS,
    // Reconnect for ever, at most a second apart, so Redis is used again soon after it is back.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  let down = false;
  let closing = false;
  const wentDown = (error?: unknown) => {
    if (down || closing) return;
    down = true;
    log.warn({ err: error }, words.down);
  };
  client.on('error', wentDown);
  client.on('close', () => wentDown());
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.warn(words.back);
  });
  return {
    client,
    get reachable() {
      return client.status === 'ready';
    },
    commandFailed: wentDown,
    async close() {
      closing = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}

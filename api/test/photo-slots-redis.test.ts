/**
 * Photo-processing slots shared through Redis (issue 54): several API processes, each with its own client, hold at
 * most the shared number of slots in all; a free slot goes to the waiting photo of the lowest priority, whichever
 * process asks; a process that went away while waiting does not hold the line; no Redis, no waiting. Against a real
 * redis-server; each client here stands for one API process. Then two real API processes on one Redis: a flood
 * through one holds the other's photo for the photo in progress, and no more.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_SLOTS_REDIS_WORDS,
  redisPhotoSlots,
  type SharedPhotoSlots,
} from '../src/images/redis-photo-slots.ts';
import type { Release } from '../src/images/photo-queue.ts';
import { cameraPhoto } from '../../e2e/fixtures/photos.ts';
import {
  apiProcessPort,
  baseEnv,
  spawnApiProcess,
  testDatabaseEnv,
  type ApiProcess,
} from './support/api-harness.ts';
import { signUp, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';
import { freePort, waitFor } from './support/ports.ts';
import { startRedis, type RunningRedis } from './support/redis-server.ts';

const quiet = { warn: () => undefined, info: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('photo slots shared in Redis', () => {
  let redis: RunningRedis;
  const opened: SharedPhotoSlots[] = [];

  /** One process's slots, once its client is connected. */
  async function processSlots(limit = 1): Promise<SharedPhotoSlots> {
    const slots = redisPhotoSlots(redis.url, limit, quiet);
    opened.push(slots);
    // Until its client is ready a process uses its own bound alone: wait, so the test is about the shared one.
    await slots.connected;
    return slots;
  }

  /** Tracks when a pending acquire is granted. */
  function asking(slots: SharedPhotoSlots, priority: number) {
    const state: { release: Release | null } = { release: null };
    const granted = slots.acquire(priority).then((release) => (state.release = release));
    return { state, granted };
  }

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((slots) => slots.close()));
    await redis?.kill();
  });

  it('holds the shared number across processes: a second process waits for the first one’s photo', async () => {
    const [first, second] = [await processSlots(), await processSlots()];
    const held = await first.acquire(0);
    const waiting = asking(second, 0);
    await sleep(300);
    expect(waiting.state.release).toBeNull();
    held();
    await waiting.granted;
    waiting.state.release!();
  });

  it('gives a free slot to the lowest priority (the member with the fewest pixels decoded lately), whichever process asks', async () => {
    const [holder, flood, victim] = [await processSlots(), await processSlots(), await processSlots()];
    const held = await holder.acquire(0);
    const flooding = asking(flood, 18_000_000);
    await sleep(100);
    const victims = asking(victim, 120_000);
    await sleep(100);
    held();
    await victims.granted;
    expect(flooding.state.release).toBeNull();
    victims.state.release!();
    await flooding.granted;
    flooding.state.release!();
  });

  it('a process gone while its photo waited does not hold the line', async () => {
    const [holder, gone, other] = [await processSlots(), await processSlots(), await processSlots()];
    const held = await holder.acquire(0);
    void gone.acquire(0);
    await sleep(100);
    const waiting = asking(other, 5);
    await gone.close();
    held();
    await waiting.granted;
    waiting.state.release!();
  });

  it('without Redis, nobody waits for it', async () => {
    const slots = redisPhotoSlots(`redis://127.0.0.1:${await freePort()}`, 1, quiet);
    opened.push(slots);
    const releases = await Promise.all([slots.acquire(0), slots.acquire(0)]);
    releases.forEach((release) => release());
  });
});

describe('Redis going away and coming back, in the log of a process that logs warnings only', () => {
  it('says both, as `pnpm start:production` runs its API processes (LOG_LEVEL=warn)', async () => {
    const own = await startRedis();
    const warnings: string[] = [];
    const slots = redisPhotoSlots(own.url, 1, {
      warn: (...args: unknown[]) => warnings.push(String(args.at(-1))),
    });
    try {
      await slots.connected;
      expect(slots.redis.reachable).toBe(true);
      await own.kill();
      await waitFor(async () => (warnings.includes(PHOTO_SLOTS_REDIS_WORDS.down) ? true : undefined), {
        timeoutMs: 10_000,
        what: 'the warning that Redis is unreachable',
      });
      expect(slots.redis.reachable).toBe(false);
      await own.start();
      await waitFor(async () => (warnings.includes(PHOTO_SLOTS_REDIS_WORDS.back) ? true : undefined), {
        timeoutMs: 10_000,
        what: 'the line that Redis is reachable again',
      });
      expect(warnings).toEqual([PHOTO_SLOTS_REDIS_WORDS.down, PHOTO_SLOTS_REDIS_WORDS.back]);
    } finally {
      await slots.close();
      await own.kill();
    }
  });
});

describe('two API processes sharing one photo slot in Redis', () => {
  let redis: RunningRedis;
  let processes: ApiProcess[];

  beforeAll(async () => {
    redis = await startRedis();
    const database = await testDatabaseEnv('postgres');
    const env = async () =>
      baseEnv(await apiProcessPort(), {
        ...database,
        REDIS_URL: redis.url,
        IMAGE_PROCESSING_CONCURRENCY: '1',
        IMAGE_PROCESSING_TOTAL: '1',
      });
    processes = [await spawnApiProcess(await env()), await spawnApiProcess(await env())];
  });
  afterAll(async () => {
    await Promise.all((processes ?? []).map((process) => process.stop()));
    await redis?.kill();
  });

  function upload(through: ApiProcess, body: Buffer, user: TestUser) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'photo.png');
    return http(`${through.url}/api/images`, { method: 'POST', headers: user.auth, body: form });
  }

  it('a flood through one process holds a photo sent to the other for the one photo in progress only', async () => {
    const [flooding, other] = processes as [ApiProcess, ApiProcess];
    const side = Math.floor(Math.sqrt(3_000_000));
    const [heavy, small, flooders, victim] = await Promise.all([
      sharp({ create: { width: side, height: side, channels: 3, background: '#8a6' } })
        .png()
        .toBuffer(),
      cameraPhoto({ width: 400, height: 300 }),
      Promise.all(Array.from({ length: 6 }, (_, index) => signUp(`Shared Flood ${index + 1}`))),
      signUp('Shared Victim'),
    ]);
    const done: string[] = [];
    let firstDone: () => void;
    const firstAccepted = new Promise<void>((resolve) => (firstDone = resolve));
    const flood = flooders.flatMap((flooder) =>
      Array.from({ length: 2 }, () =>
        upload(flooding, heavy, flooder).then((result) => {
          done.push(`flood ${result.status}`);
          firstDone();
          return result.status;
        }),
      ),
    );
    await firstAccepted;
    const sentAt = done.length;
    const victims = await upload(other, small, victim);
    done.push(`victim ${victims.status}`);
    expect(await Promise.all(flood)).toEqual(Array(12).fill(201));
    // The other process waited for the shared slot (the flood's photo in progress), then went before the flood's
    // queued photos; with a bound of its own, it would have been done first.
    expect(done.slice(sentAt, sentAt + 2), done.join(', ')).toEqual(['flood 201', 'victim 201']);
  });
});

/**
 * Write limits across processes: two API processes on one PostgreSQL count one member's writes in one Redis, so the
 * limit holds in total. Redis unreachable (at start, or killed later): writes go through uncounted, each process
 * warns once per outage; Redis back: counting resumes without restarting anything.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artifact } from 'artifact-model';
import { registerRequestLimits } from '../src/http/write-limit.ts';
import {
  apiProcessPort,
  baseEnv,
  spawnApiProcess,
  testDatabaseEnv,
  type ApiProcess,
} from './support/api-harness.ts';
import { signUp, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';
import { waitFor } from './support/ports.ts';
import { startRedis, type RunningRedis } from './support/redis-server.ts';

const LIMIT = 6;
const WARNING = 'Redis is unreachable: write limits are not applied until it is back';
const BACK = 'Redis is reachable again: write limits count again';

describe('write limits in Redis, two API processes', () => {
  let redis: RunningRedis;
  let processes: ApiProcess[];
  let member: TestUser;
  let artifactId: string;
  let nextVote: 'like' | 'dislike' = 'like';

  /** One vote, alternately like and dislike (each an allowed change), through the given process. */
  const vote = async (through: ApiProcess) => {
    const action = nextVote;
    const response = await http(`${through.url}/api/artifacts/${artifactId}/${action}`, {
      method: 'PATCH',
      headers: member.auth,
      json: { userEmail: member.email },
    });
    if (response.status === 200) nextVote = action === 'like' ? 'dislike' : 'like';
    return response.status;
  };
  /** `count` votes, taking turns between the two processes. */
  const votes = async (count: number) => {
    const statuses: number[] = [];
    for (let index = 0; index < count; index += 1) statuses.push(await vote(processes[index % 2]!));
    return statuses;
  };
  const occurrences = (process: ApiProcess, text: string) => process.output().split(text).length - 1;

  beforeAll(async () => {
    // Redis is not running yet: the processes must start anyway.
    redis = await startRedis({ running: false });
    const database = await testDatabaseEnv('postgres');
    const env = (port: number) =>
      baseEnv(port, { ...database, REDIS_URL: redis.url, WRITE_LIMIT_PER_MEMBER: String(LIMIT) });
    processes = [await spawnApiProcess(env(await apiProcessPort()))];
    processes.push(await spawnApiProcess(env(await apiProcessPort())));
    member = await signUp('Limit Tester');
    artifactId = (await http<Artifact[]>(`${processes[0]!.url}/api/artifacts`)).body[0]!._id;
  });

  afterAll(async () => {
    // Stopped while Redis is down: closing must not wait for it.
    await redis.kill();
    const codes = await Promise.all(processes.map((process) => process.stop()));
    expect(codes).toEqual([0, 0]);
  });

  it('without Redis at start, both processes serve writes uncounted and warn once', async () => {
    expect(await votes(LIMIT + 2)).toEqual(Array(LIMIT + 2).fill(200));
    for (const process of processes) expect(occurrences(process, WARNING)).toBe(1);
  });

  it('with Redis, the limit is reached in total across both processes', async () => {
    await redis.start();
    await waitFor(
      async () => (processes.every((process) => occurrences(process, BACK) === 1) ? true : undefined),
      {
        timeoutMs: 10_000,
        what: 'both processes to reach Redis',
      },
    );
    // Alternating between the processes: each saw only half of them, so per-process counting would allow them all.
    expect(await votes(LIMIT + 2)).toEqual([...Array(LIMIT).fill(200), 429, 429]);
  });

  it('Redis killed: writes still succeed, one warning per process; Redis back: counting resumes', async () => {
    await redis.kill();
    expect(await votes(LIMIT + 2)).toEqual(Array(LIMIT + 2).fill(200));
    for (const process of processes) expect(occurrences(process, WARNING)).toBe(2);

    await redis.start(); // empty: the old counters are gone with it
    await waitFor(
      async () => (processes.every((process) => occurrences(process, BACK) === 2) ? true : undefined),
      {
        timeoutMs: 10_000,
        what: 'both processes to reach Redis again',
      },
    );
    expect(await votes(LIMIT + 1)).toEqual([...Array(LIMIT).fill(200), 429]);
    for (const process of processes) expect(occurrences(process, WARNING)).toBe(2);
  });
});

describe('Redis going away and coming back, in the log of a process that logs warnings only', () => {
  it('says both, as `pnpm start:production` runs its API processes (LOG_LEVEL=warn)', async () => {
    const redis = await startRedis();
    let log = '';
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => (log += line) } } });
    await registerRequestLimits(app, redis.url);
    await app.ready();
    try {
      await redis.kill();
      await waitFor(async () => (log.includes(WARNING) ? true : undefined), {
        timeoutMs: 10_000,
        what: 'the warning that Redis is unreachable',
      });
      await redis.start();
      await waitFor(async () => (log.includes(BACK) ? true : undefined), {
        timeoutMs: 10_000,
        what: 'the line that Redis is reachable again',
      });
    } finally {
      await app.close();
      await redis.kill();
    }
  });
});

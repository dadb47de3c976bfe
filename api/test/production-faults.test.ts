/**
 * Faults of the production topology (issue #48 item 4): nginx in front of two API processes on PostgreSQL, with
 * Redis for the write limits and S3 for photos (support/production-topology.ts), under a mixed load of reads (by id,
 * searches, pages), votes and creates sent with an Idempotency-Key, while one part fails:
 *
 * - Redis killed: every request is still served (the limits fail open, one warning per process); back, they count
 *   again, in total across the processes.
 * - S3 stopped: uploads are 503 with a message, everything else is served; back, uploads work.
 * - PostgreSQL restarted: while it is down, a request is a 503 with a message (never a 500 or a 502); once it is
 *   back, both processes serve again without a restart.
 * - SIGTERM to one API process (a rolling restart): every request is served, writes in progress included (the
 *   process drains: app.ts); started again, nginx sends it requests once its fail_timeout has passed.
 * - kill -9 of one API process: no read fails (nginx sends it to the other process), a write in flight on the killed
 *   process is answered with an error (nginx does not send a POST or PATCH twice), never a false success.
 *
 * In each, every acknowledged write is stored exactly once: a create that got an error is sent again with its key
 * until it is acknowledged, and each key is one artifact in the end; every acknowledged like is the member's vote,
 * and the counts are the number of likes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artifact } from 'artifact-model';
import sharp from 'sharp';
import { DATABASE_UNAVAILABLE } from '../src/http/error-handler.ts';
import { PHOTO_STORAGE_UNAVAILABLE } from '../src/images/image-files.ts';
import { signUp, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';
import { waitFor } from './support/ports.ts';
import { startProductionTopology, type ProductionTopology } from './support/production-topology.ts';

const REDIS_DOWN = 'Redis is unreachable: write limits are not applied until it is back';
const REDIS_BACK = 'Redis is reachable again: write limits count again';
const WRITE_LIMIT = 100_000;
/** Concurrent clients of the load, one member each. */
const CLIENTS = 6;

interface Outcome {
  kind: 'read' | 'vote' | 'create';
  what: string;
  /** 0: no HTTP answer at all. */
  status: number;
  message?: string;
}

interface Create {
  key: string;
  name: string;
  statuses: number[];
  acknowledged: boolean;
}

interface Vote {
  member: TestUser;
  artifactId: string;
  action: 'like' | 'dislike';
  status: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const artifactBody = (name: string, image = 'https://example.org/fault-probe.png') => ({
  name,
  image,
  type: 'Other',
  historicalContext: 'Written while a part of the site failed.',
  description: 'A probe of the production-fault tests.',
  createdAt: '2026',
  discoveredAt: '2026',
  discoveredBy: 'The test suite',
  presentLocation: 'PostgreSQL',
});

const messageOf = (body: unknown) =>
  typeof body === 'object' && body && 'message' in body ? String(body.message) : String(body).slice(0, 200);

/** One request, its outcome recorded; a request that got no answer is status 0. */
async function send(
  outcomes: Outcome[],
  kind: Outcome['kind'],
  what: string,
  url: string,
  init?: Parameters<typeof http>[1],
) {
  try {
    const response = await http(url, init);
    outcomes.push({ kind, what, status: response.status, message: messageOf(response.body) });
    return response;
  } catch (error) {
    outcomes.push({ kind, what, status: 0, message: String(error) });
    return undefined;
  }
}

/**
 * The mixed load through nginx, until stop(): one client per member, each in turn creating an artifact with an
 * Idempotency-Key, voting, and reading thrice (an artifact by id, a search, the newest page, the most liked). A client
 * votes as its member on each of `voteOn` in turn, like and dislike alternately, and stops voting on one whose vote
 * got an error (its state is then unknown). A create that got no 201 is sent again with the same key in the
 * background, every 200 ms, until it is acknowledged (at most a minute after stop()); the client goes on meanwhile.
 */
function mixedLoad(site: ProductionTopology, members: TestUser[], readIds: string[], voteOn: string[]) {
  const outcomes: Outcome[] = [];
  const creates: Create[] = [];
  const votes: Vote[] = [];
  const retries: Promise<void>[] = [];
  const run = Math.random().toString(36).slice(2, 8);
  let running = true;
  let stoppedAt = Infinity;

  const read = (turn: number) => {
    const paths = [
      `/api/artifacts/${readIds[turn % readIds.length]!}`,
      `/api/artifacts?q=${['bronze', 'stone', 'gold', 'probe'][turn % 4]!}&limit=24`,
      '/api/artifacts?limit=24&sort=newest',
      '/artifacts/top-liked',
    ];
    const path = paths[turn % paths.length]!;
    return send(outcomes, 'read', `GET ${path}`, `${site.url}${path}`);
  };

  const voter = (member: TestUser) => {
    const next = new Map(voteOn.map((id) => [id, 'like' as Vote['action']]));
    let turn = 0;
    return async () => {
      const targets = [...next.keys()];
      if (!targets.length) return;
      const artifactId = targets[turn++ % targets.length]!;
      const action = next.get(artifactId)!;
      const response = await send(
        outcomes,
        'vote',
        `PATCH ${action}`,
        `${site.url}/api/artifacts/${artifactId}/${action}`,
        { method: 'PATCH', headers: member.auth, json: { userEmail: member.email } },
      );
      const status = response?.status ?? 0;
      votes.push({ member, artifactId, action, status });
      if (status === 200) next.set(artifactId, action === 'like' ? 'dislike' : 'like');
      else next.delete(artifactId);
    };
  };

  const create = async (member: TestUser) => {
    const entry: Create = {
      key: crypto.randomUUID(),
      name: `Fault probe ${run}-${creates.length}`,
      statuses: [],
      acknowledged: false,
    };
    creates.push(entry);
    const attempt = async () => {
      const response = await send(outcomes, 'create', 'POST /api/artifacts', `${site.url}/api/artifacts`, {
        method: 'POST',
        headers: { ...member.auth, 'Idempotency-Key': entry.key },
        json: artifactBody(entry.name),
      });
      entry.statuses.push(response?.status ?? 0);
      entry.acknowledged = response?.status === 201;
    };
    await attempt();
    if (entry.acknowledged) return;
    retries.push(
      (async () => {
        while (!entry.acknowledged && Date.now() - stoppedAt < 60_000) {
          await sleep(200);
          await attempt();
        }
      })(),
    );
  };

  const clients = members.map(async (member) => {
    const vote = voter(member);
    for (let turn = 0; running; turn += 1) {
      if (turn % 5 === 0) await create(member);
      else if (turn % 5 === 1) await vote();
      else await read(turn);
    }
  });
  return {
    /** Stops sending new requests; resolves once every create is acknowledged (or its retries ran out). */
    async stop() {
      running = false;
      stoppedAt = Date.now();
      await Promise.all(clients);
      await Promise.all(retries);
      return { outcomes, creates, votes };
    },
  };
}

describe('the production topology under faults (nginx, two API processes, PostgreSQL, Redis, S3)', () => {
  let site: ProductionTopology;
  let author: TestUser;
  let members: TestUser[];
  let readIds: string[];

  /** Artifacts nobody has voted on yet, for one fault's votes. */
  const freshArtifacts = async (count: number) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const created = await http<{ artifact: Artifact }>(`${site.url}/api/artifacts`, {
        method: 'POST',
        headers: author.auth,
        json: artifactBody(`Vote target ${crypto.randomUUID().slice(0, 8)}`),
      });
      expect(created.status).toBe(201);
      ids.push(created.body.artifact._id);
    }
    return ids;
  };

  /** Every acknowledged write of the load is stored, once: read back through nginx once everything is up. */
  const expectStoredOnce = async ({
    creates,
    votes,
  }: Awaited<ReturnType<ReturnType<typeof mixedLoad>['stop']>>) => {
    expect(creates.filter((create) => !create.acknowledged)).toEqual([]);
    const all = await http<Artifact[]>(`${site.url}/api/artifacts`);
    expect(all.status).toBe(200);
    const names = new Map<string, number>();
    for (const artifact of all.body) names.set(artifact.name, (names.get(artifact.name) ?? 0) + 1);
    expect(creates.filter((create) => names.get(create.name) !== 1)).toEqual([]);

    // Each member's last vote on each artifact: acknowledged, it is the member's vote now; answered with an error,
    // either that vote or the one before is (the client stopped voting there). The count is the members who like it.
    const last = new Map<string, Vote>();
    for (const vote of votes) last.set(`${vote.member.uid} ${vote.artifactId}`, vote);
    const likes = new Map<string, number>();
    for (const vote of last.values()) {
      const read = await http<Artifact & { myVote: string | null }>(
        `${site.url}/api/artifacts/${vote.artifactId}`,
        { headers: vote.member.auth },
      );
      expect(read.status).toBe(200);
      const states = { like: 'liked', dislike: 'disliked' };
      if (vote.status === 200) expect(read.body.myVote).toBe(states[vote.action]);
      else expect([502, 503, 0]).toContain(vote.status);
      if (read.body.myVote === 'liked') likes.set(vote.artifactId, (likes.get(vote.artifactId) ?? 0) + 1);
    }
    for (const id of new Set(votes.map((vote) => vote.artifactId)))
      expect((await http<Artifact>(`${site.url}/api/artifacts/${id}`)).body.likeCount).toBe(
        likes.get(id) ?? 0,
      );
  };

  const summary = (outcomes: Outcome[]) => {
    const counts: Record<string, number> = {};
    for (const outcome of outcomes) {
      const key = `${outcome.kind} ${outcome.status}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };

  beforeAll(async () => {
    site = await startProductionTopology({ env: { WRITE_LIMIT_PER_MEMBER: String(WRITE_LIMIT) } });
    const users = await Promise.all(Array.from({ length: CLIENTS + 1 }, () => signUp('Fault Tester')));
    author = users[0]!;
    members = users.slice(1);
    readIds = (await http<Artifact[]>(`${site.url}/api/artifacts`)).body.map((artifact) => artifact._id);
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('Redis killed: reads and writes are all served, one warning per process; back: the limits count again, in total', async () => {
    const load = mixedLoad(site, members, readIds, await freshArtifacts(5));
    await sleep(500);
    await site.redis.kill();
    await sleep(3_000);
    const result = await load.stop();
    console.log('Redis down:', summary(result.outcomes));
    expect(result.outcomes.filter((outcome) => outcome.status < 200 || outcome.status > 299)).toEqual([]);
    for (const api of site.apis) expect(api.output().split(REDIS_DOWN).length - 1).toBe(1);
    await expectStoredOnce(result);

    await site.redis.start();
    await waitFor(
      async () => (site.apis.every((api) => api.output().includes(REDIS_BACK)) ? true : undefined),
      { timeoutMs: 15_000, what: 'both API processes to reach Redis again' },
    );
    // nginx takes turns: four writes of one member reach both processes, and each counts the others' too.
    const remaining: number[] = [];
    for (const id of await freshArtifacts(4)) {
      const like = await http(`${site.url}/api/artifacts/${id}/like`, {
        method: 'PATCH',
        headers: members[0]!.auth,
        json: { userEmail: members[0]!.email },
      });
      expect(like.status).toBe(200);
      remaining.push(Number(like.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual([1, 2, 3, 4].map((count) => WRITE_LIMIT - count));
  });

  it('S3 stopped: uploads are 503 with a message, the site is served; back: uploads work', async () => {
    const upload = async () => {
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#446688' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      return http<{ url: string }>(`${site.url}/api/images`, {
        method: 'POST',
        headers: author.auth,
        body: form,
      });
    };
    const before = await upload();
    expect(before.status).toBe(201);
    const shown = await http<{ artifact: Artifact }>(`${site.url}/api/artifacts`, {
      method: 'POST',
      headers: author.auth,
      json: artifactBody('Photographed before the storage went away', before.body.url),
    });
    expect(shown.status).toBe(201);

    const load = mixedLoad(site, members, readIds, await freshArtifacts(5));
    await sleep(500);
    await site.s3.stop();
    const refused = await upload();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, message: PHOTO_STORAGE_UNAVAILABLE });
    // The page of an artifact with a photo: its data is served; only the picture itself waits for the storage.
    expect((await http(`${site.url}/api/artifacts/${shown.body.artifact._id}`)).status).toBe(200);
    await sleep(2_000);
    const result = await load.stop();
    console.log('S3 down:', summary(result.outcomes));
    expect(result.outcomes.filter((outcome) => outcome.status < 200 || outcome.status > 299)).toEqual([]);
    await expectStoredOnce(result);

    await site.s3.start();
    expect((await upload()).status).toBe(201);
  });

  it('PostgreSQL restarted: 503 with a message while it is down, served again without restarting the API', async () => {
    const load = mixedLoad(site, members, readIds, await freshArtifacts(5));
    await sleep(500);
    await site.postgres.stopServer();
    await sleep(2_000);
    const whileDown = await http(`${site.url}/api/artifacts?limit=24&sort=newest`);
    expect(whileDown.status).toBe(503);
    expect(whileDown.body).toEqual({ success: false, message: DATABASE_UNAVAILABLE });
    await site.postgres.startServer();
    const restartedAt = Date.now();
    // Each process serves again by itself: no restart (their processes are the ones started at the beginning).
    for (const api of site.apis) {
      await waitFor(
        async () =>
          (await http(`${api.url}/api/artifacts?limit=24&sort=oldest`)).status === 200 ? true : undefined,
        { timeoutMs: 15_000, intervalMs: 100, what: `${api.url} to serve again` },
      );
      expect(api.child.exitCode).toBeNull();
    }
    console.log(`PostgreSQL back: both processes served again within ${Date.now() - restartedAt} ms`);
    await sleep(1_000);
    const result = await load.stop();
    console.log('PostgreSQL restarted:', summary(result.outcomes));
    const failed = result.outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201);
    expect(failed.length).toBeGreaterThan(0);
    expect(
      failed.filter((outcome) => outcome.status !== 503 || outcome.message !== DATABASE_UNAVAILABLE),
    ).toEqual([]);
    await expectStoredOnce(result);
  });

  it('SIGTERM to one API process (a rolling restart): every request is served, and it exits cleanly', async () => {
    const load = mixedLoad(site, members, readIds, await freshArtifacts(5));
    await sleep(1_000);
    const stopping = site.apis[1]!;
    expect(await stopping.stop('SIGTERM')).toBe(0);
    await sleep(1_000);
    const restarted = await site.restartApi(1);
    // nginx sends it requests again once the failures it saw while it was away are older than fail_timeout (10 s).
    await waitFor(async () => (restarted.output().includes('"url":"/api/') ? true : undefined), {
      timeoutMs: 20_000,
      what: 'nginx to send requests to the restarted process',
    });
    const result = await load.stop();
    console.log('SIGTERM:', summary(result.outcomes));
    expect(result.outcomes.filter((outcome) => outcome.status < 200 || outcome.status > 299)).toEqual([]);
    await expectStoredOnce(result);
  });

  it('kill -9 of one API process: no read fails, a write it held is an error, never a false success', async () => {
    const load = mixedLoad(site, members, readIds, await freshArtifacts(5));
    await sleep(1_000);
    // nginx's default: a request is tried on the next process after an error or a timeout, never a POST or PATCH
    // once sent (non_idempotent is not set).
    expect(site.nginx.config).not.toMatch(/non_idempotent/);
    const [killed] = site.apis;
    killed!.child.kill('SIGKILL');
    await killed!.exited;
    await sleep(3_000);
    const result = await load.stop();
    console.log('kill -9:', summary(result.outcomes));
    expect(result.outcomes.filter((outcome) => outcome.kind === 'read' && outcome.status !== 200)).toEqual(
      [],
    );
    // A write the killed process held (or one nginx had sent on a connection to it) is answered 502 by nginx, and
    // not sent to the other process; every other write is acknowledged.
    expect(
      result.outcomes.filter(
        (outcome) =>
          outcome.kind !== 'read' && outcome.status !== 502 && (outcome.status < 200 || outcome.status > 299),
      ),
    ).toEqual([]);
    await expectStoredOnce(result);
  });
});

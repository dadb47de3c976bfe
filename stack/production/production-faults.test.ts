/**
 * Faults of the production topology (issue #48 item 4), started by `startProduction` as `pnpm start:production` runs
 * it (topology.ts: nginx in front of two API processes on PostgreSQL, Redis for the write limits, s3rver for photos,
 * the Auth Emulator), each service stopped and started again through the state file (processes.ts), under a mixed
 * load of reads (by id, searches, pages), votes and creates sent with an Idempotency-Key, while one part fails:
 *
 * - Redis killed: every request is still served (the limits fail open, one warning per process); back, they count
 *   again, in total across the processes.
 * - S3 stopped: uploads are 503 with a message, everything else is served; back, uploads work.
 * - PostgreSQL restarted: while it is down, a request is a 503 with a message (never a 500 or a 502); once it is
 *   back, both processes serve again without a restart.
 * - SIGTERM to one API process (a rolling restart): every read is served, writes in progress included (the
 *   process drains: api/src/app.ts); a write nginx sends on a kept-alive connection just as the draining process
 *   closes it is nginx's 502, as under kill -9; started again, nginx sends it requests at once (max_fails=0).
 * - Both API processes stopped and started again: nginx's 502 is the API's JSON with its CORS header while they are
 *   away, and nginx serves from them the moment they answer.
 * - kill -9 of one render process: every page is served by the other (nginx's proxy_next_upstream).
 * - kill -9 of one API process: no read fails (nginx sends it to the other process), a write in flight on the killed
 *   process is answered with an error (nginx does not send a POST or PATCH twice), never a false success.
 *
 * In each, every acknowledged write is stored exactly once: a create that got an error is sent again with its key
 * until it is acknowledged, and each key is one artifact in the end; every acknowledged vote is the member's, and
 * the counts are the number of likes. nginx serves the shell and the remotes from their builds, so `pnpm test` runs
 * this after the production build (faults.vitest.config.ts).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api/scripts/build.ts';
import { signUpUser } from '../../api/test/support/firebase-emulator.ts';
import { http } from '../../api/test/support/http.ts';
import { freePort, waitFor } from '../../api/test/support/ports.ts';
import { API_PROXY_ANSWERS } from '../../deploy/nginx/render.ts';
import { isRunning } from '../stack.ts';
import { readProductionState, startProductionService, stopProductionService } from './processes.ts';
import { S3_BUCKET } from './services.ts';
import { startProduction, type ProductionTopology } from './topology.ts';

// The API's words (api/src/http/service-unavailable.ts, api/src/http/write-limit.ts).
const DATABASE_UNAVAILABLE =
  'The database is unavailable at the moment, so this request could not be completed: try again in a few seconds';
const PHOTO_STORAGE_UNAVAILABLE =
  'Photo storage is unavailable at the moment, so the photo could not be stored or read: try again in a few minutes';
const REDIS_DOWN = 'Redis is unreachable: write limits are not applied until it is back';
const REDIS_BACK = 'Redis is reachable again: write limits count again';
const WRITE_LIMIT = 100_000;
/**
 * nginx's per-address limit for the load, whose clients stand for many visitors but share one loopback address (it
 * sends several hundred requests a second: each summary says how many).
 */
const REQUESTS_PER_ADDRESS = 100_000;
/** Concurrent clients of the load, one member each. */
const CLIENTS = 6;

/** What the test reads of an artifact. */
interface Artifact {
  _id: string;
  name: string;
  likeCount: number;
}

/** A photo to upload: a PNG of one colour, written by hand (PNG: signature, IHDR, IDAT, IEND chunks). */
function photoPng(width = 800, height = 600): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x66)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Member {
  uid: string;
  email: string;
  auth: { Authorization: string };
}

/** What the load needs of the topology: nginx's API address. */
interface Site {
  url: string;
}

/** `count` consecutive free ports (the API processes take the ports after API_PORT, the emulator two after its own). */
async function consecutiveFreePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    let free = true;
    for (let port = base; free && port < base + count; port += 1)
      free = (await freePort({ min: port, max: port }).catch(() => 0)) === port;
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

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
  member: Member;
  artifactId: string;
  action: 'like' | 'dislike';
  status: number;
}

/**
 * One process went away under load: every read was served (nginx sent it to the other process); every write was
 * acknowledged or answered 502 by nginx, which does not send a POST or PATCH twice: never a false success.
 */
function expectReadsServedWritesAnsweredOr502(outcomes: Outcome[]): void {
  const ok = (outcome: Outcome) => outcome.status >= 200 && outcome.status <= 299;
  expect(outcomes.filter((outcome) => outcome.kind === 'read' && !ok(outcome))).toEqual([]);
  expect(
    outcomes.filter((outcome) => outcome.kind !== 'read' && !ok(outcome) && outcome.status !== 502),
  ).toEqual([]);
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
    // undici's "fetch failed" says nothing of why: its cause does (a reset, a refused connection, a closed socket).
    const cause = error instanceof Error && error.cause ? `: ${String(error.cause)}` : '';
    outcomes.push({ kind, what, status: 0, message: `${String(error)}${cause}` });
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
function mixedLoad(site: Site, members: Member[], readIds: string[], voteOn: string[]) {
  const outcomes: Outcome[] = [];
  const creates: Create[] = [];
  const votes: Vote[] = [];
  const retries: Promise<void>[] = [];
  const run = Math.random().toString(36).slice(2, 8);
  const startedAt = Date.now();
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

  const voter = (member: Member) => {
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

  const create = async (member: Member) => {
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
      const perSecond = Math.round((outcomes.length * 1000) / (Date.now() - startedAt));
      await Promise.all(retries);
      return { outcomes, creates, votes, perSecond };
    },
  };
}

describe(
  'the production topology under faults (nginx, two API processes, PostgreSQL, Redis, S3)',
  { timeout: 120_000 },
  () => {
    const runtimeDir = mkdtempSync(join(tmpdir(), 'hv-production-faults-'));
    let topology: ProductionTopology;
    let site: Site;
    /** The site's pages, as nginx serves them from the builds. */
    let pagesUrl: string;
    /** The shell's origin, whose pages the API (and nginx's own answers) let read its answers. */
    let shellOrigin: string;
    let author: Member;
    let members: Member[];
    let readIds: string[];

    const logOf = (name: string) => readFileSync(join(runtimeDir, `${name}.log`), 'utf8');
    /** How often `text` stands in a process's log after `from` (a length of that log taken earlier). */
    const occurrences = (name: string, text: string, from = 0) =>
      logOf(name).slice(from).split(text).length - 1;
    const pidOf = (name: string) => readProductionState(runtimeDir).services[name]!.pid;

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

    /** The outcomes by kind and status, and the load's requests a second from its one address (all on loopback). */
    const summary = ({ outcomes, perSecond }: { outcomes: Outcome[]; perSecond: number }) => {
      const counts: Record<string, number> = { 'requests a second': perSecond };
      for (const outcome of outcomes) {
        const key = `${outcome.kind} ${outcome.status}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return counts;
    };

    beforeAll(async () => {
      // PostgreSQL runs as its own user, who must reach its data folder in here.
      chmodSync(runtimeDir, 0o755);
      const [site_, api, auth, postgres, redis, s3, prometheus] = await Promise.all([
        consecutiveFreePorts(5),
        consecutiveFreePorts(3),
        consecutiveFreePorts(3),
        freePort(),
        freePort(),
        freePort(),
        freePort(),
      ]);
      // Here, not only in the topology's env: a service started again (startProductionService) gets this process's.
      Object.assign(process.env, {
        // Each request logged: the test reads in the logs where nginx sent what.
        LOG_LEVEL: 'info',
        WRITE_LIMIT_PER_MEMBER: String(WRITE_LIMIT),
      });
      const env = {
        ...process.env,
        SHELL_PORT: String(site_),
        CATALOGUE_PORT: String(site_ + 1),
        EDITOR_PORT: String(site_ + 2),
        ACCOUNT_PORT: String(site_ + 3),
        API_PORT: String(api),
        AUTH_EMULATOR_PORT: String(auth),
        POSTGRES_PORT: String(postgres),
        REDIS_PORT: String(redis),
        S3_PORT: String(s3),
        PROMETHEUS_PORT: String(prometheus),
        RELEASES_DIR: join(runtimeDir, 'releases'),
        API_REQUESTS_PER_ADDRESS: String(REQUESTS_PER_ADDRESS),
      };
      await buildApi();
      topology = await startProduction({ runtimeDir, env });
      site = { url: `http://127.0.0.1:${api}` };
      pagesUrl = `http://127.0.0.1:${site_}`;
      shellOrigin = `http://localhost:${site_}`;
      const host = `127.0.0.1:${auth}`;
      const users = await Promise.all(
        Array.from({ length: CLIENTS + 1 }, async (_, index) => {
          const email = `fault-${index}-${Math.random().toString(36).slice(2, 8)}@example.test`;
          const { uid, token } = await signUpUser(host, { email });
          return { uid, email, auth: { Authorization: `Bearer ${token}` } };
        }),
      );
      author = users[0]!;
      members = users.slice(1);
      readIds = (await http<Artifact[]>(`${site.url}/api/artifacts`)).body.map((artifact) => artifact._id);
    }, 300_000);

    afterAll(async () => {
      await topology?.stop();
      rmSync(runtimeDir, { recursive: true, force: true });
    }, 120_000);

    it("request ids: nginx's (or the client's) reaches the API, which answers with it and logs it as JSON; /metrics is each process's, never nginx's", async () => {
      const given = `trace-${crypto.randomUUID()}`;
      const traced = await http(`${site.url}/api/artifacts/${readIds[0]}`, {
        headers: { 'X-Request-Id': given },
      });
      expect([traced.status, traced.headers.get('x-request-id')]).toEqual([200, given]);
      const unnamed = await http(`${site.url}/api/artifacts/${readIds[0]}`);
      const generated = unnamed.headers.get('x-request-id');
      expect(generated).toMatch(/^[0-9a-f]{32}$/);
      // Every line of both processes' logs is a JSON object; each id's request is logged, with its route, by one.
      const logged = (['api-1', 'api-2'] as const).flatMap((name) =>
        logOf(name)
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { reqId?: string; req?: { url: string } }),
      );
      for (const id of [given, generated])
        expect(logged.find((line) => line.reqId === id && line.req)?.req?.url).toBe(
          `/api/artifacts/${readIds[0]}`,
        );

      expect((await fetch(`${site.url}/metrics`)).status).toBe(404);
      for (const name of ['api-1', 'api-2']) {
        const port = readProductionState(runtimeDir).services[name]!.ports[0];
        const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(metrics.status).toBe(200);
        const text = await metrics.text();
        expect(text).toMatch(
          /^http_request_duration_seconds_count\{method="GET",route="\/api\/artifacts\/:id",status_code="200"\} \d+$/m,
        );
        expect(text).toMatch(/^heritage_redis_up\{client="write_limit"\} 1$/m);
        expect(text).toMatch(/^heritage_object_storage_up 1$/m);
      }
    });

    it('Prometheus scrapes both API processes (when installed: stack/system-deps.sh)', async (context) => {
      const prometheus = readProductionState(runtimeDir).services.prometheus;
      if (!prometheus) return context.skip();
      const url = `http://127.0.0.1:${prometheus.ports[0]}/api/v1/targets?state=active`;
      const targets = await waitFor(
        async () => {
          const { data } = (await (await fetch(url)).json()) as {
            data: { activeTargets: Array<{ labels: { job: string; instance: string }; health: string }> };
          };
          const up = data.activeTargets.filter(
            (target) => target.labels.job === 'heritage-api' && target.health === 'up',
          );
          return up.length === 2 ? up.map((target) => target.labels.instance).sort() : undefined;
        },
        { timeoutMs: 60_000, what: 'Prometheus to scrape both API processes' },
      );
      const apis = ['api-1', 'api-2'].map(
        (name) => `127.0.0.1:${readProductionState(runtimeDir).services[name]!.ports[0]}`,
      );
      expect(targets).toEqual(apis.sort());
    });

    it('Redis killed: reads and writes are all served, one warning per process; back: the limits count again, in total', async () => {
      const load = mixedLoad(site, members, readIds, await freshArtifacts(5));
      await sleep(500);
      const logs = { 'api-1': logOf('api-1').length, 'api-2': logOf('api-2').length };
      await stopProductionService(runtimeDir, 'redis', 'SIGKILL');
      await sleep(3_000);
      const result = await load.stop();
      console.log('Redis down:', summary(result));
      expect(result.outcomes.filter((outcome) => outcome.status < 200 || outcome.status > 299)).toEqual([]);
      for (const api of ['api-1', 'api-2'] as const) expect(occurrences(api, REDIS_DOWN, logs[api])).toBe(1);
      await expectStoredOnce(result);

      await startProductionService(runtimeDir, 'redis');
      await waitFor(
        async () =>
          (['api-1', 'api-2'] as const).every((api) => occurrences(api, REDIS_BACK, logs[api]) === 1)
            ? true
            : undefined,
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

    it('S3 stopped: uploads are 503 with a message, a delete is done and said so, the site is served; back: uploads work, the removed photo is gone', async () => {
      const upload = () => {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(photoPng())], { type: 'image/png' }), 'photo.png');
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
      const removedPhoto = await upload();
      const removed = await http<{ artifact: Artifact }>(`${site.url}/api/artifacts`, {
        method: 'POST',
        headers: author.auth,
        json: artifactBody('Deleted while the storage is away', removedPhoto.body.url),
      });
      expect(removed.status).toBe(201);
      const s3Port = readProductionState(runtimeDir).services.s3!.ports[0]!;
      // Its widest copy's object (the copies are deleted together): images/<id>/<width>.webp, no S3_PREFIX here.
      const removedKey = new URL(removedPhoto.body.url).pathname.replace(/^.*\/images\//, 'images/');
      const inBucket = async () =>
        (await fetch(`http://127.0.0.1:${s3Port}/${S3_BUCKET}/${removedKey}`)).status;
      expect(await inBucket()).toBe(200);

      const load = mixedLoad(site, members, readIds, await freshArtifacts(5));
      await sleep(500);
      await stopProductionService(runtimeDir, 's3');
      const refused = await upload();
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ success: false, message: PHOTO_STORAGE_UNAVAILABLE });
      // The delete of a photographed artifact commits and is told so; its copies wait in the outbox, unserved.
      const deleted = await http(`${site.url}/api/artifacts/${removed.body.artifact._id}`, {
        method: 'DELETE',
        headers: author.auth,
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect((await http(`${site.url}/api/artifacts/${removed.body.artifact._id}`)).status).toBe(404);
      expect((await fetch(removedPhoto.body.url)).status).toBe(404);
      // The page of an artifact with a photo: its document, its remote's manifest and its data are served; only the
      // picture itself waits for the storage.
      const page = await fetch(`${pagesUrl}/artifact-details/${shown.body.artifact._id}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"');
      const remotes = (await (await fetch(`${pagesUrl}/remotes.json`)).json()) as Record<string, string>;
      expect((await fetch(remotes.mf_catalogue!)).status).toBe(200);
      expect((await http(`${site.url}/api/artifacts/${shown.body.artifact._id}`)).status).toBe(200);
      await sleep(2_000);
      const result = await load.stop();
      console.log('S3 down:', summary(result));
      expect(result.outcomes.filter((outcome) => outcome.status < 200 || outcome.status > 299)).toEqual([]);
      await expectStoredOnce(result);

      await startProductionService(runtimeDir, 's3');
      expect((await upload()).status).toBe(201);
      // Never served again, and removed from the bucket by the outbox's sweep (every 30 s in each process, whose
      // claim on a row lasts 30 s: within a minute of storage's return).
      expect((await fetch(removedPhoto.body.url)).status).toBe(404);
      await waitFor(async () => ((await inBucket()) === 404 ? true : undefined), {
        timeoutMs: 75_000,
        intervalMs: 1_000,
        what: "the removed photo's copies gone from the bucket",
      });
    }, 200_000);

    it('PostgreSQL restarted: 503 with a message while it is down, served again without restarting the API', async () => {
      const load = mixedLoad(site, members, readIds, await freshArtifacts(5));
      await sleep(500);
      const apiPids = ['api-1', 'api-2'].map(pidOf);
      await stopProductionService(runtimeDir, 'postgres');
      await sleep(2_000);
      const whileDown = await http(`${site.url}/api/artifacts?limit=24&sort=newest`);
      expect(whileDown.status).toBe(503);
      expect(whileDown.body).toEqual({ success: false, message: DATABASE_UNAVAILABLE });
      await startProductionService(runtimeDir, 'postgres');
      const restartedAt = Date.now();
      // Each process serves again by itself: no restart (their processes are the ones started at the beginning).
      for (const name of ['api-1', 'api-2']) {
        const port = readProductionState(runtimeDir).services[name]!.ports[0]!;
        await waitFor(
          async () =>
            (await http(`http://127.0.0.1:${port}/api/artifacts?limit=24&sort=oldest`)).status === 200
              ? true
              : undefined,
          { timeoutMs: 15_000, intervalMs: 100, what: `${name} to serve again` },
        );
      }
      expect(['api-1', 'api-2'].map(pidOf)).toEqual(apiPids);
      expect(apiPids.every(isRunning)).toBe(true);
      console.log(`PostgreSQL back: both processes served again within ${Date.now() - restartedAt} ms`);
      await sleep(1_000);
      const result = await load.stop();
      console.log('PostgreSQL restarted:', summary(result));
      const failed = result.outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201);
      expect(failed.length).toBeGreaterThan(0);
      expect(
        failed.filter((outcome) => outcome.status !== 503 || outcome.message !== DATABASE_UNAVAILABLE),
      ).toEqual([]);
      await expectStoredOnce(result);
    });

    it('SIGTERM to one API process (a rolling restart): every read is served, no write falsely acknowledged, and it exits cleanly', async () => {
      const load = mixedLoad(site, members, readIds, await freshArtifacts(5));
      await sleep(1_000);
      const log = logOf('api-2').length;
      await stopProductionService(runtimeDir, 'api-2', 'SIGTERM');
      expect(logOf('api-2').slice(log)).toContain('Shutting down');
      await sleep(1_000);
      const restartedAt = logOf('api-2').length;
      await startProductionService(runtimeDir, 'api-2');
      const readyAt = Date.now();
      // nginx sets no process aside (max_fails=0): the load's next requests reach it. With nginx's default it got
      // none until the failures seen while it was away were older than fail_timeout (10 s).
      await waitFor(
        async () => (logOf('api-2').slice(restartedAt).includes('"url":"/api/') ? true : undefined),
        { timeoutMs: 20_000, intervalMs: 20, what: 'nginx to send requests to the restarted process' },
      );
      const unused = Date.now() - readyAt;
      console.log(`SIGTERM: nginx sent the restarted process requests ${unused} ms after it answered`);
      expect(unused).toBeLessThan(1_000);
      const result = await load.stop();
      console.log('SIGTERM:', summary(result));
      // The drain answers every request it receives; but a write nginx sends on a kept-alive connection at the moment
      // the draining process closes it idle gets nginx's 502, as with kill -9.
      expectReadsServedWritesAnsweredOr502(result.outcomes);
      await expectStoredOnce(result);
    });

    it("both API processes restarted: nginx's 502 is the API's JSON while they are away, and they serve at once when back", async () => {
      const apis = ['api-1', 'api-2'];
      const read = () =>
        fetch(`${site.url}/api/artifacts/${readIds[0]!}`, { headers: { Origin: shellOrigin } });
      await Promise.all(apis.map((name) => stopProductionService(runtimeDir, name, 'SIGTERM')));
      const away = await read();
      expect(away.status).toBe(502);
      expect(away.headers.get('access-control-allow-origin')).toBe(shellOrigin);
      expect(await away.json()).toEqual({ success: false, message: API_PROXY_ANSWERS[502] });
      // A visitor keeps asking while they start, as the site's pages would.
      let starting = true;
      const asking = (async () => {
        while (starting) {
          await read().catch(() => undefined);
          await sleep(100);
        }
      })();
      await Promise.all(apis.map((name) => startProductionService(runtimeDir, name)));
      const backAt = Date.now();
      starting = false;
      await asking;
      const served = await waitFor(async () => ((await read()).status === 200 ? Date.now() : undefined), {
        timeoutMs: 20_000,
        intervalMs: 20,
        what: 'nginx to serve from the API processes again',
      });
      console.log(
        `Both API processes back: nginx served from them ${served - backAt} ms after they answered`,
      );
      expect(served - backAt).toBeLessThan(1_000);
    });

    it('kill -9 of one API process: no read fails, a write it held is an error, never a false success', async () => {
      const load = mixedLoad(site, members, readIds, await freshArtifacts(5));
      await sleep(1_000);
      // nginx tries a request on the next process after an error or a timeout (or a 502), never a POST or PATCH once
      // sent (non_idempotent is not set).
      const config = readFileSync(join(runtimeDir, 'nginx', 'api.conf'), 'utf8');
      expect(config).toMatch(/proxy_next_upstream error timeout/);
      expect(config).not.toMatch(/non_idempotent/);
      await stopProductionService(runtimeDir, 'api-1', 'SIGKILL');
      await sleep(3_000);
      const result = await load.stop();
      console.log('kill -9:', summary(result));
      // A write the killed process held (or one nginx had sent on a connection to it) is answered 502 by nginx.
      expectReadsServedWritesAnsweredOr502(result.outcomes);
      await expectStoredOnce(result);
    });

    it('kill -9 of one render process: every page is served, by the other', async () => {
      // Members' requests (the session cookie): never from nginx's micro-cache, so each reaches a render process.
      const pages = async (count: number) =>
        Promise.all(
          Array.from({ length: count }, async (_, index) => {
            const response = await fetch(`${pagesUrl}/all-artifacts?visit=${index}`, {
              headers: { Cookie: '__session=fault-test' },
            });
            return { status: response.status, body: await response.text() };
          }),
        );
      expect((await pages(10)).map(({ status }) => status)).toEqual(Array(10).fill(200));
      await stopProductionService(runtimeDir, 'render-1', 'SIGKILL');
      const after = await pages(40);
      expect(after.map(({ status }) => status)).toEqual(Array(40).fill(200));
      for (const { body } of after) expect(body).toContain('<title>All Artifacts - Heritage Vault</title>');
      await startProductionService(runtimeDir, 'render-1');
    });
  },
);

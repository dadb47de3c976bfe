/**
 * What the API's request ids and metrics cost a request, in the server's CPU time rather than in requests a second (a
 * script, not a test): `node --import tsx api/scripts/metrics-overhead.ts`. The same small Fastify app answers one
 * JSON route in a child process, bare or with the request id and the metrics the API registers
 * (src/http/request-id.ts, metrics.ts); autocannon, in this process, sends it REQUESTS requests over loopback, and
 * the child says how much CPU it used. Each variant runs ROUNDS times, alternating, and the medians are compared.
 * CPU time per request hardly moves with what else runs on a shared machine, where requests a second swing by half.
 */
import Fastify from 'fastify';
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpuUsage } from 'node:process';
import { fileURLToPath } from 'node:url';
import { registerMetrics } from '../src/http/metrics.ts';
import { answerWithRequestId, requestIdOf } from '../src/http/request-id.ts';

// autocannon ships no types: only what this script calls.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  amount: number;
}) => Promise<unknown>;

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** The child: the app, listening on a free port; its CPU time since the last ask at GET /cpu. */
async function serve(measured: boolean): Promise<void> {
  const body = { _id: '00000000-0000-4000-8000-000000000000', name: 'A bronze mirror', likeCount: 3 };
  const app = Fastify({
    logger: false,
    ...(measured ? { requestIdHeader: false, genReqId: requestIdOf } : {}),
  });
  if (measured) {
    answerWithRequestId(app);
    registerMetrics(app, {
      databasePool: { totalCount: 1, idleCount: 1, waitingCount: 0 },
      photoQueue: { waitingPhotos: 0, photosInProgress: 0 },
      redis: {},
      objectStorageReachable: undefined,
    });
  }
  app.get('/api/artifacts/:id', () => body);
  let since = cpuUsage();
  app.get('/cpu', () => {
    const used = cpuUsage(since);
    since = cpuUsage();
    return { microseconds: used.user + used.system };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!((app.server.address() as { port: number }).port);
}

async function start(measured: boolean) {
  const child = fork(fileURLToPath(import.meta.url), [measured ? 'measured' : 'bare'], {
    execArgv: ['--import', 'tsx'],
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (port) => resolve(port as number)),
  );
  return { child, url: `http://127.0.0.1:${port}` };
}

/** The server's CPU microseconds per request over REQUESTS requests. */
async function round(url: string): Promise<number> {
  await fetch(`${url}/cpu`);
  await autocannon({ url: `${url}/api/artifacts/1`, connections: 20, amount: REQUESTS });
  const { microseconds } = (await (await fetch(`${url}/cpu`)).json()) as { microseconds: number };
  return microseconds / REQUESTS;
}

if (process.argv[2]) await serve(process.argv[2] === 'measured');
else {
  const servers = { bare: await start(false), measured: await start(true) };
  const results = { bare: [] as number[], measured: [] as number[] };
  await round(servers.bare.url);
  await round(servers.measured.url);
  for (let index = 0; index < ROUNDS; index++) {
    results.bare.push(await round(servers.bare.url));
    results.measured.push(await round(servers.measured.url));
  }
  for (const { child } of Object.values(servers)) child.kill('SIGTERM');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [bare, measured] = [median(results.bare), median(results.measured)];
  console.log(`rounds (µs a request): bare ${results.bare.map((value) => value.toFixed(1)).join(' ')}`);
  console.log(
    `                       measured ${results.measured.map((value) => value.toFixed(1)).join(' ')}`,
  );
  console.log(
    `Server CPU a request, medians of ${ROUNDS} rounds of ${REQUESTS}: bare ${bare.toFixed(1)} µs, with the request ` +
      `id and metrics ${measured.toFixed(1)} µs: +${(measured - bare).toFixed(1)} µs a request`,
  );
}

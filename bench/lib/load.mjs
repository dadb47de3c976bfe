// What the API benchmarks share to load the API: autocannon runs, their medians, and the vote load.
//
// Knobs (both benchmarks): BENCH_RUNS (default 3), BENCH_DURATION seconds per run (default 5), BENCH_CONNECTIONS
// (default 50).
import { log, median, requireFromApi } from './support.mjs';

const autocannon = requireFromApi('autocannon');

export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(
      { connections: CONNECTIONS, duration: DURATION, pipelining: 1, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** `options` may be a function that makes them anew for each run (the vote loads keep per-run state). */
export async function measure(name, options) {
  const optionsOf = typeof options === 'function' ? options : () => options;
  await cannon({ ...optionsOf(), duration: 1 }); // warm-up
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await cannon(optionsOf());
    runs.push({
      reqPerSec: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      bytesPerSec: result.throughput.average,
    });
  }
  const summary = {
    name,
    reqPerSec: Math.round(median(runs.map((run) => run.reqPerSec))),
    p50Ms: median(runs.map((run) => run.p50)),
    p99Ms: median(runs.map((run) => run.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    runs,
  };
  log(
    `${name}: ${summary.reqPerSec} req/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, non-2xx ${summary.non2xx}, errors ${summary.errors}`,
  );
  return summary;
}

/**
 * Votes, each user on one connection at a time (real emulator tokens, from signUpUsers). hot: every user votes on
 * ids[0] at once (like, dislike, like, ...), whose row lock must queue them; otherwise each user walks ids[1..] from
 * a start of its own, spread evenly (like on even passes, dislike on odd ones, so every request is an allowed
 * transition), as many people voting on many artifacts do. Returns autocannon options made anew for each run.
 */
export function voteLoad(url, users, ids, hot) {
  const hotId = ids[0];
  const walked = ids.slice(1);
  users.forEach((user, index) => {
    user.start = Math.floor((index * walked.length) / users.length);
  });
  // autocannon gives each request a fresh context, so users are not tied to connections by it: each request takes
  // a user no other request has in flight and gives it back with the answer (one connection, one user at a time).
  return () => {
    const idle = [...users];
    return {
      url,
      requests: [
        {
          setupRequest(request, context) {
            // (A reconnect can leave a request unanswered: then share a user rather than stop.)
            const user = idle.shift() ?? users[Math.floor(Math.random() * users.length)];
            context.user = user;
            let id;
            let action;
            if (hot) {
              // like, dislike, like (+1 from disliked: one member, one like), ...: the next one is chosen when the answer comes
              // (below).
              id = hotId;
              action = user.hotNext;
            } else {
              id = walked[(user.start + user.position) % walked.length];
              action = Math.floor(user.position / walked.length) % 2 === 0 ? 'like' : 'dislike';
              user.position += 1;
            }
            return {
              ...request,
              method: 'PATCH',
              path: `/api/artifacts/${id}/${action}`,
              headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ userEmail: user.email }),
            };
          },
          onResponse(_status, _body, context) {
            // Whether it succeeded or was refused (a request cut off at the end of the previous run may have been
            // applied), the vote the user may send next is the other one.
            if (hot) context.user.hotNext = context.user.hotNext === 'like' ? 'dislike' : 'like';
            idle.push(context.user);
          },
        },
      ],
    };
  };
}

/** GET of a random one of `paths` per request. */
export function randomPaths(url, paths) {
  return {
    url,
    requests: [
      { setupRequest: (request) => ({ ...request, path: paths[Math.floor(Math.random() * paths.length)] }) },
    ],
  };
}

/**
 * A signed-in client sends the same ID token for up to an hour: verify each user's token once before measuring, as
 * the app's first authenticated call would (the emulator is slow to answer 50 first verifications at once).
 */
export async function verifyTokens(api, users, id) {
  for (let start = 0; start < users.length; start += 10) {
    await Promise.all(
      users.slice(start, start + 10).map(async (user) => {
        const response = await fetch(`${api}/api/artifacts/${id}`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        if (!response.ok) throw new Error(`token check failed for ${user.email}: ${response.status}`);
        await response.arrayBuffer();
      }),
    );
  }
}

/** Steady state for reads: one pass over every path fills the API's cache (as real traffic would). */
export async function warm(api, paths) {
  for (let start = 0; start < paths.length; start += 20) {
    await Promise.all(
      paths.slice(start, start + 20).map(async (path) => (await fetch(`${api}${path}`)).arrayBuffer()),
    );
  }
}

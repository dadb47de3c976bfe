/**
 * Statelessness: two real API processes on one PostgreSQL database. A write through either is read through the
 * other at once, although both cache their list and by-id responses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artifact } from 'shared-ui/model';
import { STARTER_ARTIFACTS } from '../src/seed/starter-artifacts.ts';
import {
  apiProcessPort,
  baseEnv,
  spawnApiProcess,
  testDatabaseEnv,
  type ApiProcess,
} from './support/api-harness.ts';
import { signUp, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';

describe('two API processes on one PostgreSQL', () => {
  let first: ApiProcess;
  let second: ApiProcess;
  let user: TestUser;
  let liker: TestUser;

  beforeAll(async () => {
    const database = await testDatabaseEnv('postgres');
    const [portA, portB] = [await apiProcessPort(), await apiProcessPort()];
    // Started together: migrations and seeding must run once (advisory lock, row lock) although both try.
    [first, second, user, liker] = await Promise.all([
      spawnApiProcess(baseEnv(portA, database)),
      spawnApiProcess(baseEnv(portB === portA ? portA + 1 : portB, database)),
      signUp('Process Tester'),
      signUp(),
    ]);
  });

  afterAll(async () => {
    const codes = await Promise.all([first?.stop(), second?.stop()]);
    expect(codes).toEqual([0, 0]);
  });

  it('both started on the same database and seeded the starter collection exactly once', async () => {
    const [a, b] = await Promise.all([
      http<Artifact[]>(`${first.url}/artifacts`),
      http<Artifact[]>(`${second.url}/artifacts`),
    ]);
    expect(a.body.length).toBe(STARTER_ARTIFACTS.length);
    expect(b.body.map((artifact) => artifact._id)).toEqual(a.body.map((artifact) => artifact._id));
  });

  it("a create through one process is in the other's (cached) list at once", async () => {
    const warm = await http<Artifact[]>(`${second.url}/api/artifacts`);
    await http<Artifact[]>(`${second.url}/api/artifacts`);
    const created = await http<{ artifact: Artifact }>(`${first.url}/artifacts`, {
      method: 'POST',
      headers: user.auth,
      json: {
        name: 'Two-Process Probe',
        image: 'https://example.org/probe.png',
        type: 'Other',
        historicalContext: 'Written through the first process.',
        description: 'Read through the second.',
        createdAt: '2026',
        discoveredAt: '2026',
        discoveredBy: 'The test suite',
        presentLocation: 'PostgreSQL',
      },
    });
    expect(created.status).toBe(201);
    const after = await http<Artifact[]>(`${second.url}/api/artifacts`);
    expect(after.body.length).toBe(warm.body.length + 1);
    expect(after.body[0]!._id).toBe(created.body.artifact._id);
    const search = await http<Artifact[]>(`${second.url}/api/artifacts?q=two-process`);
    expect(search.body.map((artifact) => artifact._id)).toEqual([created.body.artifact._id]);
  });

  it('a like, an update and a delete through one process are read through the other at once', async () => {
    const id = (await http<Artifact[]>(`${first.url}/api/artifacts?q=two-process`)).body[0]!._id;
    // Warm the second process's by-id and top-liked caches first.
    expect((await http<Artifact>(`${second.url}/api/artifacts/${id}`)).body.likeCount).toBe(0);
    await http(`${second.url}/artifacts/top-liked`);
    const pageOf = () => http<Artifact[]>(`${second.url}/api/artifacts?q=two-process&limit=1`);
    expect((await pageOf()).body[0]!.likeCount).toBe(0);

    const like = await http<{ likeCount: number }>(`${first.url}/api/artifacts/${id}/like`, {
      method: 'PATCH',
      headers: liker.auth,
      json: { userEmail: liker.email },
    });
    expect(like.body.likeCount).toBe(1);
    expect((await http<Artifact>(`${second.url}/api/artifacts/${id}`)).body.likeCount).toBe(1);
    expect((await http<Artifact[]>(`${second.url}/artifacts/top-liked`)).body[0]!._id).toBe(id);
    // Votes reach the other process's cached pages too (they publish through a sequence, not the content version).
    expect((await pageOf()).body[0]!.likeCount).toBe(1);
    expect((await pageOf()).headers.get('x-total-count')).toBe('1');
    expect(
      (await http<Artifact>(`${second.url}/api/artifacts/${id}`, { headers: liker.auth })).body.myVote,
    ).toBe('liked');

    const update = await http(`${second.url}/api/artifacts/${id}`, {
      method: 'PATCH',
      headers: user.auth,
      json: {
        name: 'Two-Process Probe (renamed)',
        image: 'https://example.org/probe.png',
        type: 'Other',
        historicalContext: 'Updated through the second process.',
        createdAt: '2026',
        discoveredAt: '2026',
        discoveredBy: 'The test suite',
        presentLocation: 'PostgreSQL',
      },
    });
    expect(update.status).toBe(200);
    expect((await http<Artifact>(`${first.url}/api/artifacts/${id}`)).body.name).toBe(
      'Two-Process Probe (renamed)',
    );

    expect(
      (await http(`${first.url}/api/artifacts/${id}`, { method: 'DELETE', headers: user.auth })).status,
    ).toBe(200);
    expect((await http(`${second.url}/api/artifacts/${id}`)).status).toBe(404);
    expect(
      (await http<Artifact[]>(`${second.url}/api/artifacts`)).body.some((artifact) => artifact._id === id),
    ).toBe(false);
    expect((await pageOf()).headers.get('x-total-count')).toBe('0');
  });
});

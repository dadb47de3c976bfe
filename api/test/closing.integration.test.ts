/**
 * Closing is final for every write (issue #54), on PGlite and on PostgreSQL: DELETE /api/me sent while the same
 * member's creates, likes and a photo upload are in flight leaves nothing of theirs once everything has answered,
 * round after round, and the like counts are the votes'. An account deleted at the identity provider directly (the
 * Admin SDK, the console) is found by the sweep against the provider, or by its next token, and closed the same way.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeVanishedAccounts, SWEEP_SAFETY, SweepRefused } from '../src/account/member-account.ts';
import { ACCOUNT_CLOSED } from '../src/account/member-lock.ts';
import { inOneProcess } from '../src/db/database.ts';
import { BACKENDS, startTestApi, type TestApi } from './support/api-harness.ts';
import { accountAdmin, signUp, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';

const ROUNDS = 10;
const CREATES = 12;
const LIKES = 4;

const input = (name: string, image = 'https://example.org/lamp.jpg') => ({
  name,
  image,
  type: 'Tools' as const,
  historicalContext: 'Lit a room.',
  description: 'Clay.',
  createdAt: '100 AD',
  discoveredAt: '1950',
  discoveredBy: 'A farmer',
  presentLocation: 'Athens',
});

const smallPhoto = () =>
  sharp({ create: { width: 200, height: 150, channels: 3, background: '#a07050' } })
    .jpeg()
    .toBuffer();

describe.each(BACKENDS)('closing an account on %s', (backend) => {
  let server: TestApi;
  let url: string;
  let liked: string[];

  beforeAll(async () => {
    server = await startTestApi(backend, { SEED_STARTER: 'false' });
    url = server.url;
    const other = await signUp('Other Member');
    liked = [];
    for (let index = 0; index < LIKES; index += 1) {
      const created = await http<{ artifact: { _id: string } }>(`${url}/api/artifacts`, {
        method: 'POST',
        headers: other.auth,
        json: input(`Lamp ${index}`),
      });
      expect(created.status).toBe(201);
      liked.push(created.body.artifact._id);
    }
  });
  afterAll(async () => server?.close());

  const db = () => server.api.store.db;

  async function leftOf(uid: string) {
    const [artifacts, votes, images] = await Promise.all([
      db().selectFrom('artifacts').select('id').where('adder_uid', '=', uid).execute(),
      db().selectFrom('artifact_votes').select('artifact_id').where('user_uid', '=', uid).execute(),
      db().selectFrom('images').select('id').where('uploader_uid', '=', uid).execute(),
    ]);
    return { artifacts: artifacts.length, votes: votes.length, images: images.length };
  }

  /** Each artifact's stored count against its votes. */
  async function countsAgainstVotes() {
    const rows = await db()
      .selectFrom('artifacts')
      .select(['id', 'like_count'])
      .where('id', 'in', liked)
      .execute();
    const votes = await db()
      .selectFrom('artifact_votes')
      .select('artifact_id')
      .where('artifact_id', 'in', liked)
      .where('vote', '=', 'liked')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      stored: row.like_count,
      votes: votes.filter((vote) => vote.artifact_id === row.id).length,
    }));
  }

  it(`${CREATES} creates, ${LIKES} likes and an upload in flight with DELETE /api/me: nothing of the member survives, ${ROUNDS} rounds`, async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      const member = await signUp(`Closing ${round}`);
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(await smallPhoto())], { type: 'image/jpeg' }), 'p.jpg');
      const writes = [
        ...Array.from({ length: CREATES }, (_, index) =>
          http(`${url}/api/artifacts`, {
            method: 'POST',
            headers: member.auth,
            json: input(`Round ${round} lamp ${index}`),
          }),
        ),
        ...liked.map((id) =>
          http(`${url}/api/artifacts/${id}/like`, { method: 'PATCH', headers: member.auth }),
        ),
        http(`${url}/api/images`, { method: 'POST', headers: member.auth, body: form }),
      ];
      // The closing goes out among them, a little after the first writes (later each round).
      await new Promise((resolve) => setTimeout(resolve, round * 3));
      const closed = await http(`${url}/api/me`, { method: 'DELETE', headers: member.auth });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const answers = await Promise.all(writes);
      for (const answer of answers) {
        outcomes[answer.status] = (outcomes[answer.status] ?? 0) + 1;
        // Acknowledged before the closing (then removed by it), or refused: never an error of ours.
        expect([200, 201, 401], JSON.stringify(answer.body)).toContain(answer.status);
      }
      expect(await leftOf(member.uid), `round ${round}`).toEqual({ artifacts: 0, votes: 0, images: 0 });
      for (const count of await countsAgainstVotes()) expect(count.stored, count.id).toBe(count.votes);
    }
    console.log(`${backend}: answers to the in-flight writes over ${ROUNDS} rounds`, outcomes);
  });

  it("a write's own transaction refuses a closed account, whatever its token says", async () => {
    const member = await signUp('Closed Before Writing');
    const { store } = server.api;
    expect((await http(`${url}/api/me`, { method: 'DELETE', headers: member.auth })).status).toBe(200);
    const identity = {
      uid: member.uid,
      email: member.email,
      name: member.name,
      signedInAt: Math.floor(Date.now() / 1000),
    };
    await expect(store.create(input('After closing'), identity)).rejects.toMatchObject({
      statusCode: 401,
      message: ACCOUNT_CLOSED,
    });
    await expect(store.vote(liked[0]!, identity, 'like')).rejects.toMatchObject({ statusCode: 401 });
    expect(await leftOf(member.uid)).toEqual({ artifacts: 0, votes: 0, images: 0 });
  });

  it('the sweep against the provider runs in one process at a time', async () => {
    let release!: () => void;
    let running!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (running = resolve));
    const first = inOneProcess(server.api.database, 0x7e57, async () => {
      running();
      await held;
      return 'first';
    });
    await started;
    // On PostgreSQL another process's sweep finds the lock taken and skips; PGlite has one process, which runs both.
    const second = await inOneProcess(server.api.database, 0x7e57, () => Promise.resolve('second'));
    expect(second).toBe(backend === 'pglite' ? 'second' : undefined);
    release();
    expect(await first).toBe('first');
    expect(await inOneProcess(server.api.database, 0x7e57, () => Promise.resolve('after'))).toBe('after');
  });

  describe('an account deleted at the identity provider directly', () => {
    async function memberWithData(name: string): Promise<{ member: TestUser; own: string }> {
      const member = await signUp(name);
      const created = await http<{ artifact: { _id: string } }>(`${url}/api/artifacts`, {
        method: 'POST',
        headers: member.auth,
        json: input(`${name}'s lamp`),
      });
      expect(created.status).toBe(201);
      for (const id of liked.slice(0, 2)) {
        expect(
          (await http(`${url}/api/artifacts/${id}/like`, { method: 'PATCH', headers: member.auth })).status,
        ).toBe(200);
      }
      return { member, own: created.body.artifact._id };
    }

    it('is closed by the sweep against the provider: artifacts and votes gone, counts corrected', async () => {
      const gone = await memberWithData('Deleted In Console');
      const stays = await memberWithData('Still Here');
      await accountAdmin.delete(gone.member);
      const closed = await closeVanishedAccounts(server.api.store, server.api.verifier);
      expect(closed).toBeGreaterThanOrEqual(1);
      expect(await leftOf(gone.member.uid)).toEqual({ artifacts: 0, votes: 0, images: 0 });
      expect(await leftOf(stays.member.uid)).toEqual({ artifacts: 1, votes: 2, images: 0 });
      expect((await http(`${url}/api/artifacts/${gone.own}`)).status).toBe(404);
      for (const count of await countsAgainstVotes()) expect(count.stored, count.id).toBe(count.votes);
      // Nothing is left to close: the next sweep closes nobody.
      expect(await closeVanishedAccounts(server.api.store, server.api.verifier)).toBe(0);
    });

    it('a sweep that finds too many accounts gone closes none of them (a wrong project, a restarted emulator)', async () => {
      const members = [await memberWithData('Gone One'), await memberWithData('Gone Two')];
      for (const { member } of members) await accountAdmin.delete(member);
      const safety = { ...SWEEP_SAFETY };
      Object.assign(SWEEP_SAFETY, { minimumGone: 2, largestShareGone: 0 });
      try {
        await expect(closeVanishedAccounts(server.api.store, server.api.verifier)).rejects.toBeInstanceOf(
          SweepRefused,
        );
      } finally {
        Object.assign(SWEEP_SAFETY, safety);
      }
      for (const { member } of members)
        expect(await leftOf(member.uid)).toEqual({ artifacts: 1, votes: 2, images: 0 });
      // Under the safety's bounds the same sweep closes them.
      expect(await closeVanishedAccounts(server.api.store, server.api.verifier)).toBeGreaterThanOrEqual(2);
      for (const { member } of members)
        expect(await leftOf(member.uid)).toEqual({ artifacts: 0, votes: 0, images: 0 });
    });

    it("is closed when its token comes back: the write is refused and the account's data goes", async () => {
      const gone = await memberWithData('Deleted By Admin SDK');
      await accountAdmin.delete(gone.member);
      const refused = await http<{ message: string }>(`${url}/api/artifacts/${liked[2]}/like`, {
        method: 'PATCH',
        headers: gone.member.auth,
      });
      expect(refused.status).toBe(401);
      await expect.poll(() => leftOf(gone.member.uid)).toEqual({ artifacts: 0, votes: 0, images: 0 });
      for (const count of await countsAgainstVotes()) expect(count.stored, count.id).toBe(count.votes);
    });
  });
});

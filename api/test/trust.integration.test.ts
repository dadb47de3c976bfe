/**
 * Trust (issue 46), on PGlite and on PostgreSQL: one member counts for one like; lists and ownership go by account,
 * and the starter collection's curators are nobody's to be; a write asks the identity provider, which has a deadline;
 * Vary: Origin; Idempotency-Key on creates. Every API here reaches the Auth Emulator through a proxy that can stall
 * (firebase-admin reads the emulator's address from the process's environment, so one address serves the file).
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Artifact } from 'artifact-model';
import { migrateToLatest } from '../src/db/migrations.ts';
import { IdempotencyKeys } from '../src/http/idempotency.ts';
import { CURATORS, STARTER_ARTIFACTS, starterImagePath } from '../src/seed/starter-artifacts.ts';
import { BACKENDS, startTestApi, type TestApi } from './support/api-harness.ts';
import { accountAdmin, changeEmail, signUp, signUpAs, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';
import { startStallingProxy, type StallingProxy } from './support/stalling-proxy.ts';

type ArtifactBody = Artifact & { addedAt: string };
interface Answer {
  success: boolean;
  message: string;
  errors?: { field: string; message: string }[];
  artifact?: ArtifactBody;
  likeCount?: number;
  myVote?: string | null;
}

const PROVIDER_TIMEOUT_MS = 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function validInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Antikythera Mechanism',
    image: 'https://example.org/antikythera.jpg',
    type: 'Tools',
    historicalContext: 'A hand-powered Greek model of the solar system.',
    description: 'Bronze gears found in a shipwreck.',
    createdAt: '2nd century BC',
    discoveredAt: '1901',
    discoveredBy: 'Sponge divers',
    presentLocation: 'National Archaeological Museum, Athens',
    ...overrides,
  };
}

let proxy: StallingProxy;
beforeAll(async () => {
  proxy = await startStallingProxy(inject('authEmulatorHost'));
});
afterAll(async () => {
  await proxy?.close();
});

describe.each(BACKENDS)('trust on %s', (backend) => {
  let server: TestApi;
  let url: string;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [server, alice, bob] = await Promise.all([
      startTestApi(backend, {
        FIREBASE_AUTH_EMULATOR_HOST: proxy.host,
        IDENTITY_PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      }),
      signUp('Alice Archivist'),
      signUp('Bob Builder'),
    ]);
    url = server.url;
  });
  afterAll(async () => {
    proxy.resume();
    await server?.close();
  });

  const db = () => server.api.store.db;

  async function create(user: TestUser, overrides: Record<string, unknown> = {}, headers = {}) {
    return http<Answer>(`${url}/api/artifacts`, {
      method: 'POST',
      headers: { ...user.auth, ...headers },
      json: validInput(overrides),
    });
  }

  async function created(user: TestUser, overrides: Record<string, unknown> = {}): Promise<ArtifactBody> {
    const result = await create(user, overrides);
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body.artifact!;
  }

  const storedNamed = async (name: string) =>
    (await db().selectFrom('artifacts').select('id').where('name', '=', name).execute()).length;

  const vote = (user: TestUser, id: string, action: 'like' | 'dislike') =>
    http<Answer>(`${url}/api/artifacts/${id}/${action}`, { method: 'PATCH', headers: user.auth, json: {} });

  const likeCountOf = async (id: string) =>
    (await http<ArtifactBody>(`${url}/api/artifacts/${id}`)).body.likeCount;

  describe('one member, one like', () => {
    it('keeps one member at one like however often they like, dislike and like again', async () => {
      const artifact = await created(bob);
      for (let cycle = 0; cycle < 20; cycle += 1) {
        const liked = await vote(alice, artifact._id, 'like');
        expect(liked.status, `cycle ${cycle}`).toBe(200);
        expect(liked.body).toMatchObject({
          success: true,
          message: 'Artifact liked successfully!',
          likeCount: 1,
          myVote: 'liked',
        });
        const disliked = await vote(alice, artifact._id, 'dislike');
        expect(disliked.body).toMatchObject({
          message: 'Artifact disliked',
          likeCount: 0,
          myVote: 'disliked',
        });
      }
      expect((await vote(alice, artifact._id, 'like')).body.likeCount).toBe(1);
      expect(await likeCountOf(artifact._id)).toBe(1);
      // A second member adds one; the first's dislike takes only the first's like away.
      expect((await vote(bob, artifact._id, 'like')).body.likeCount).toBe(2);
      expect((await vote(alice, artifact._id, 'dislike')).body.likeCount).toBe(1);
      expect((await vote(alice, artifact._id, 'like')).body.likeCount).toBe(2);
      const top = await http<ArtifactBody[]>(`${url}/api/artifacts?sort=most-liked&limit=1`);
      expect(top.body[0]?.likeCount ?? 0).toBeLessThanOrEqual(2);
    });

    it('recounts stored counts from the votes when migrating', async () => {
      const [inflated, unvoted] = [
        await created(bob, { name: 'Inflated' }),
        await created(bob, { name: 'Ghost' }),
      ];
      const store = db();
      // A database as the spec's arithmetic left it: one member's cycles counted 21, a count with no votes at all.
      await store
        .insertInto('artifact_votes')
        .values([
          { artifact_id: inflated._id, user_uid: alice.uid, user_email: alice.email, vote: 'liked' },
          { artifact_id: inflated._id, user_uid: bob.uid, user_email: bob.email, vote: 'disliked' },
        ])
        .execute();
      await store.updateTable('artifacts').set({ like_count: 21 }).where('id', '=', inflated._id).execute();
      await store.updateTable('artifacts').set({ like_count: 3 }).where('id', '=', unvoted._id).execute();
      await undoLaterMigrations(store as unknown as Kysely<unknown>);

      expect(await migrateToLatest(store as unknown as Kysely<unknown>)).toEqual([
        '0006_like_count_from_votes',
        '0007_idempotency_keys',
        '0008_photo_bytes',
        '0009_nfc_texts',
        '0010_account_closures',
        '0011_closed_accounts',
        '0012_photo_removals',
        '0013_contact_messages',
        '0014_release_health',
      ]);
      const counts = await store
        .selectFrom('artifacts')
        .select(['id', 'like_count'])
        .where('id', 'in', [inflated._id, unvoted._id])
        .execute();
      expect(Object.fromEntries(counts.map((row) => [row.id, row.like_count]))).toEqual({
        [inflated._id]: 1,
        [unvoted._id]: 0,
      });
      // Every count is the number of members liking it now.
      const drift = await sql<{
        n: number;
      }>`select count(*)::int as n from artifacts where like_count <> (select count(*) from artifact_votes where artifact_id = artifacts.id and vote = 'liked')`.execute(
        store,
      );
      expect(drift.rows[0]!.n).toBe(0);
    });
  });

  describe('owners by account', () => {
    it("lists a member's artifacts by account: after an e-mail change they are still theirs, in both path shapes", async () => {
      const member = await signUp('Carla Curious');
      const own = await created(member, { name: 'Carla Seal' });
      const renamed = await changeEmail(member, `renamed-${Date.now()}@example.test`);
      for (const path of [
        '/artifacts/user/me',
        '/api/artifacts/user/me',
        `/api/artifacts/user/${encodeURIComponent(renamed.email)}`,
        `/artifacts/user/${encodeURIComponent(renamed.email.toUpperCase())}`,
      ]) {
        const list = await http<ArtifactBody[]>(`${url}${path}`, { headers: renamed.auth });
        expect(list.status, path).toBe(200);
        expect(
          list.body.map((artifact) => artifact._id),
          path,
        ).toEqual([own._id]);
      }
      const update = await http<Answer>(`${url}/api/artifacts/${own._id}`, {
        method: 'PATCH',
        headers: renamed.auth,
        json: validInput({ name: 'Carla Seal (cleaned)' }),
      });
      expect(update.status).toBe(200);
    });

    it("gives a deleted member's e-mail, signed up again, none of their artifacts", async () => {
      const email = `reused-${Date.now()}-${backend}@example.test`;
      const first = await signUpAs(email);
      const theirs = await created(first, { name: 'Left Behind' });
      await accountAdmin.delete(first);
      const second = await signUpAs(email);
      expect(second.uid).not.toBe(first.uid);
      for (const path of ['/api/artifacts/user/me', `/api/artifacts/user/${encodeURIComponent(email)}`]) {
        const list = await http<ArtifactBody[]>(`${url}${path}`, { headers: second.auth });
        expect(list.status, path).toBe(200);
        expect(list.body, path).toEqual([]);
      }
      const takeover = await http(`${url}/api/artifacts/${theirs._id}`, {
        method: 'DELETE',
        headers: second.auth,
      });
      expect(takeover.status).toBe(403);
    });

    it("answers a list named by e-mail only to that e-mail's own member", async () => {
      await created(alice, { name: 'Alice Only' });
      const path = `/api/artifacts/user/${encodeURIComponent(alice.email)}`;
      const anonymous = await http<Answer>(`${url}${path}`);
      expect(anonymous.status).toBe(401);
      const other = await http<Answer>(`${url}${path}`, { headers: bob.auth });
      expect(other.status).toBe(403);
      expect(other.body).toEqual({ success: false, message: 'You can only list your own artifacts' });
      const malformed = await http<Answer>(`${url}/api/artifacts/user/not-an-email`, { headers: bob.auth });
      expect(malformed.status).toBe(400);
    });

    it("refuses the curators' e-mail to any member: no list of the starter collection, no posts, no votes", async () => {
      const impostor = await signUpAs(CURATORS.email, 'Not The Curators');
      const before = await db().selectFrom('artifacts').select('id').execute();
      const mine = await http<Answer>(`${url}/api/artifacts/user/me`, { headers: impostor.auth });
      expect(mine.status, JSON.stringify(mine.body)).toBe(403);
      expect(mine.body.message).toContain(CURATORS.email);
      const byEmail = await http<Answer>(`${url}/artifacts/user/${encodeURIComponent(CURATORS.email)}`, {
        headers: impostor.auth,
      });
      expect(byEmail.status).toBe(403);
      expect((await create(impostor)).status).toBe(403);
      expect((await vote(impostor, STARTER_ARTIFACTS[0]!.id, 'like')).status).toBe(403);
      const patch = await http(`${url}/api/artifacts/${STARTER_ARTIFACTS[0]!.id}`, {
        method: 'PATCH',
        headers: impostor.auth,
        json: validInput(),
      });
      expect(patch.status).toBe(403);
      expect(await db().selectFrom('artifacts').select('id').execute()).toEqual(before);
    });

    it("refuses to add an artifact under the curators' name, however it is spelled", async () => {
      for (const name of [
        CURATORS.name,
        '  heritage  VAULT curators ',
        'Heritage-Vault Curators',
        'Heritage\u200bVault Curators',
      ]) {
        const member = await signUp(name);
        const result = await create(member, { name: `Posing ${backend}` });
        expect(result.status, name).toBe(403);
        expect(result.body.message, name).toContain('reserved');
      }
      expect(await storedNamed(`Posing ${backend}`)).toBe(0);
      const rows = await db()
        .selectFrom('artifacts')
        .select('adder_uid')
        .where('adder_name', '=', CURATORS.name)
        .execute();
      expect(rows.every((row) => row.adder_uid === null)).toBe(true);
    });
  });

  describe("the curators' identity by what it looks like (issue 54)", () => {
    const refusedField = (answer: { status: number; body: Answer }) => [
      answer.status,
      answer.body.errors?.map((error) => error.field),
    ];

    it('refuses the look-alike pair: Cyrillic "с" in the e-mail, Cyrillic "а" in the name', async () => {
      const impostor = await signUpAs('\u0441urators@heritagevault.org', 'Heritage Vault Cur\u0430tors');
      const result = await create(impostor, { name: `Look-alike ${backend}` });
      expect(refusedField(result), JSON.stringify(result.body)).toEqual([403, ['email']]);
      expect(result.body.message).toMatch(/^Your e-mail address .* is at heritagevault\.org/);
      expect(await storedNamed(`Look-alike ${backend}`)).toBe(0);
    });

    it.each([
      ['another address at the domain', 'press@heritagevault.org'],
      ['upper case', 'CURATORS@HERITAGEVAULT.ORG'],
      ['a trailing-dot host', 'curators@heritagevault.org.'],
      ['an IDNA form of a look-alike host (Cyrillic "а")', 'curators@xn--heritagevult-59j.org'],
      ['a host with "1" for "l"', 'archive@heritagevau1t.org'],
    ])("refuses an e-mail at the curators' domain: %s", async (_, email) => {
      const member = await signUpAs(email);
      const mine = await http<Answer>(`${url}/api/artifacts/user/me`, { headers: member.auth });
      expect(refusedField(mine), JSON.stringify(mine.body)).toEqual([403, ['email']]);
      expect((await create(member)).status).toBe(403);
    });

    it.each([
      'Heritage Vault Cur\u0430tors',
      '\u0397eritage Vault Curators',
      'HERITAGE VAULT CUR\u0410TORS',
      'Heritage Vau1t Curat0rs',
      'Heritage\u3164Vault Curators',
    ])("refuses a display name that reads as the curators' name: %s", async (name) => {
      const member = await signUp(name);
      const result = await create(member, { name: `Posing as ${backend}` });
      expect(refusedField(result), JSON.stringify(result.body)).toEqual([403, ['adderName']]);
      expect(result.body.message).toMatch(/^Your display name reads as "Heritage Vault Curators"/);
      expect(await storedNamed(`Posing as ${backend}`)).toBe(0);
    });

    it('lets names and addresses that only resemble it in words through', async () => {
      const member = await signUpAs(`curators-${backend}@heritage-vault.example`, 'Heritage Vault Creators');
      expect((await create(member, { name: `Near miss ${backend}` })).status).toBe(201);
    });
  });

  describe('revocation honoured on writes', () => {
    async function member(): Promise<TestUser> {
      const user = await signUp();
      // A read puts the token in the verified-token cache.
      expect((await http(`${url}/api/artifacts/user/me`, { headers: user.auth })).status).toBe(200);
      return user;
    }

    it('refuses a disabled account its next write, whatever the token cache holds', async () => {
      const user = await member();
      await accountAdmin.disable(user);
      const result = await create(user, { name: `Disabled ${backend}` });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ success: false, message: 'This account is disabled' });
      expect(await storedNamed(`Disabled ${backend}`)).toBe(0);
      // The refusal also ends the cached read.
      expect((await http(`${url}/api/artifacts/user/me`, { headers: user.auth })).status).toBe(401);
    });

    it('refuses a deleted account and revoked sessions their next write', async () => {
      const deleted = await member();
      const artifact = await created(alice);
      await accountAdmin.delete(deleted);
      const like = await vote(deleted, artifact._id, 'like');
      expect(like.status).toBe(401);
      expect(like.body.message).toBe('This account no longer exists');
      expect(await likeCountOf(artifact._id)).toBe(0);

      const revoked = await member();
      await sleep(1100); // sessions are revoked by the second: the token must be from an earlier one
      await accountAdmin.revokeSessions(revoked);
      const result = await create(revoked, { name: `Revoked ${backend}` });
      expect(result.status).toBe(401);
      expect(result.body.message).toBe('This session was signed out; sign in again');
      expect(await storedNamed(`Revoked ${backend}`)).toBe(0);
    });

    it('answers 503 when the identity provider stalls, and applies nothing once it resumes', async () => {
      const user = await signUp();
      proxy.pause();
      try {
        const started = Date.now();
        const [write, read] = await Promise.all([
          create(user, { name: `Stalled ${backend}` }),
          http<Answer>(`${url}/api/artifacts/liked/me`, { headers: user.auth }),
        ]);
        const took = Date.now() - started;
        expect(write.status).toBe(503);
        expect(write.body).toEqual({
          success: false,
          message: 'Authentication service unavailable, try again later',
        });
        expect(read.status).toBe(503);
        expect(took).toBeGreaterThanOrEqual(PROVIDER_TIMEOUT_MS - 100);
        expect(took).toBeLessThan(PROVIDER_TIMEOUT_MS * 3);
      } finally {
        proxy.resume();
      }
      await sleep(500);
      expect(await storedNamed(`Stalled ${backend}`)).toBe(0);
      // Answering again, the provider lets the same member write.
      expect((await create(user, { name: `Resumed ${backend}` })).status).toBe(201);
    });

    it("keeps a member's verified token for reads through a provider stall, after a write that stall failed", async () => {
      const user = await signUp();
      const read = () => http<Answer>(`${url}/api/artifacts/liked/me`, { headers: user.auth });
      expect((await read()).status).toBe(200);
      proxy.pause();
      try {
        expect((await create(user, { name: `Stalled write ${backend}` })).status).toBe(503);
        // The provider said nothing of the token: the read answers from the token cache, as before the write.
        const again = await read();
        expect(again.status).toBe(200);
        expect(again.body).toEqual([]);
      } finally {
        proxy.resume();
      }
    });

    it('does not apply a write whose client gave up while the provider stalled', async () => {
      const user = await signUp();
      proxy.pause();
      const gaveUp = new AbortController();
      const attempt = fetch(`${url}/api/artifacts`, {
        method: 'POST',
        headers: { ...user.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(validInput({ name: `Abandoned ${backend}` })),
        signal: gaveUp.signal,
      }).catch((error: unknown) => error);
      await sleep(300);
      gaveUp.abort();
      await attempt;
      await sleep(200);
      // The provider answers before the deadline: the verification succeeds, for a client no longer there.
      proxy.resume();
      await sleep(PROVIDER_TIMEOUT_MS + 500);
      expect(await storedNamed(`Abandoned ${backend}`)).toBe(0);
    });
  });

  describe('Vary: Origin and Idempotency-Key', () => {
    it('varies on Origin wherever Access-Control-Allow-Origin follows the request', async () => {
      const origin = { Origin: 'http://localhost:5173' };
      const artifact = await created(alice);
      for (const path of [
        '/api/artifacts',
        '/artifacts/top-liked',
        `/api/artifacts/${artifact._id}`,
        '/api/artifacts?q=amphora&limit=5',
        starterImagePath(STARTER_ARTIFACTS[0]!.slug),
        '/api/nothing-here',
      ]) {
        const response = await fetch(`${url}${path}`, { headers: { ...origin, 'Accept-Encoding': 'gzip' } });
        expect(response.headers.get('access-control-allow-origin'), path).toBe(origin.Origin);
        const vary = (response.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/);
        expect(vary, path).toContain('origin');
      }
      const list = await fetch(`${url}/api/artifacts`, { headers: origin });
      expect((list.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/)).toEqual(
        expect.arrayContaining(['origin', 'accept-encoding']),
      );
      const preflight = await fetch(`${url}/api/artifacts`, {
        method: 'OPTIONS',
        headers: {
          ...origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
        },
      });
      expect((preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain(
        'idempotency-key',
      );
    });

    it('answers a repeated create with the same key with the first result and stores nothing new', async () => {
      const key = crypto.randomUUID();
      const name = `Keyed ${backend}`;
      const first = await create(alice, { name }, { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        success: true,
        message: `Artifact "${name}" has been added successfully!`,
      });
      const again = await http<Answer>(`${url}/artifacts`, {
        method: 'POST',
        headers: { ...alice.auth, 'Idempotency-Key': key },
        json: validInput({ name }),
      });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await storedNamed(name)).toBe(1);

      // Another member's key is their own.
      const bobs = await create(bob, { name }, { 'Idempotency-Key': key });
      expect(bobs.status).toBe(201);
      expect(bobs.body.artifact!._id).not.toBe(first.body.artifact!._id);
      expect(await storedNamed(name)).toBe(2);
      // Without a key, each create is its own.
      await created(alice, { name });
      expect(await storedNamed(name)).toBe(3);
    });

    it('stores one artifact for simultaneous repeats of one key', async () => {
      const key = crypto.randomUUID();
      const name = `Simultaneous ${backend}`;
      const results = await Promise.all(
        Array.from({ length: 6 }, () => create(alice, { name }, { 'Idempotency-Key': key })),
      );
      expect(results.map((result) => result.status)).toEqual(results.map(() => 201));
      expect(new Set(results.map((result) => result.body.artifact!._id)).size).toBe(1);
      expect(await storedNamed(name)).toBe(1);
    });

    it('refuses a key reused for another request (422) and a malformed key (400), storing nothing', async () => {
      const key = crypto.randomUUID();
      expect((await create(alice, { name: `First use ${backend}` }, { 'Idempotency-Key': key })).status).toBe(
        201,
      );
      const reused = await create(alice, { name: `Other use ${backend}` }, { 'Idempotency-Key': key });
      expect(reused.status).toBe(422);
      expect(reused.body.message).toContain('Idempotency-Key');
      expect(await storedNamed(`Other use ${backend}`)).toBe(0);
      for (const bad of ['x'.repeat(256), 'two words', '']) {
        const result = await http<Answer>(`${url}/api/artifacts`, {
          method: 'POST',
          headers: { ...alice.auth, 'Idempotency-Key': bad },
          json: validInput({ name: `Bad key ${backend}` }),
        });
        expect(result.status, bad).toBe(400);
        expect(result.body.errors?.[0]?.field, bad).toBe('Idempotency-Key');
      }
      expect(await storedNamed(`Bad key ${backend}`)).toBe(0);
      // A refused create leaves its key free for the corrected request.
      const fresh = crypto.randomUUID();
      expect((await create(alice, { name: '' }, { 'Idempotency-Key': fresh })).status).toBe(400);
      expect(
        (await create(alice, { name: `Corrected ${backend}` }, { 'Idempotency-Key': fresh })).status,
      ).toBe(201);
    });

    it('forgets a key after 24 hours: a new create, and the purge removes it', async () => {
      const key = crypto.randomUUID();
      const name = `Day old ${backend}`;
      expect((await create(alice, { name }, { 'Idempotency-Key': key })).status).toBe(201);
      await db()
        .updateTable('idempotency_keys')
        .set({ created_at: sql<Date>`now() - interval '25 hours'` })
        .where('key', '=', key)
        .execute();
      expect((await create(alice, { name }, { 'Idempotency-Key': key })).status).toBe(201);
      expect(await storedNamed(name)).toBe(2);
      await db()
        .updateTable('idempotency_keys')
        .set({ created_at: sql<Date>`now() - interval '25 hours'` })
        .where('key', '=', key)
        .execute();
      const stored = await db().selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
      expect(stored).toHaveLength(1);
      expect(await new IdempotencyKeys(db()).purgeExpired()).toBeGreaterThanOrEqual(1);
      expect(
        await db().selectFrom('idempotency_keys').select('key').where('key', '=', key).execute(),
      ).toEqual([]);
    });
  });
});

/** Takes the schema back to before migration 0006, so it can run again on data as the old arithmetic left it. */
async function undoLaterMigrations(db: Kysely<unknown>): Promise<void> {
  await sql`drop index artifact_votes_liked_idx`.execute(db);
  await sql`drop table idempotency_keys`.execute(db);
  await sql`drop index images_uploader_uid_idx`.execute(db);
  await sql`alter table images drop column bytes`.execute(db);
  await sql`drop table account_closures`.execute(db);
  await sql`drop table photo_removals`.execute(db);
  await sql`drop table contact_messages`.execute(db);
  await sql`drop table release_minutes`.execute(db);
  await sql`drop table release_samples`.execute(db);
  await sql`delete from schema_migrations where name >= '0006'`.execute(db);
}

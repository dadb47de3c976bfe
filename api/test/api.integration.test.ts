/**
 * The API end to end over HTTP, against PGlite and against a real PostgreSQL server, with real ID tokens from the
 * Firebase Auth Emulator. Every bad-input case asserts a 4xx with a message and an unchanged database.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACT_FIELD_LABELS, ARTIFACT_TYPES, type Artifact } from 'artifact-model';
import { migrateToLatest } from '../src/db/migrations.ts';
import { seedStarterCollection } from '../src/seed/seed-starter.ts';
import { CURATORS, STARTER_ARTIFACTS } from '../src/seed/starter-artifacts.ts';
import { BACKENDS, startTestApi, type TestApi } from './support/api-harness.ts';
import {
  expiredToken,
  signUp,
  signUpMany,
  tamperedPayload,
  tamperedSignature,
  type TestUser,
} from './support/auth.ts';
import { http } from './support/http.ts';

type ArtifactBody = Artifact & { addedAt: string };
interface Mutation {
  success: boolean;
  message: string;
  errors?: { field: string; message: string }[];
  artifact?: ArtifactBody;
  likeCount?: number;
  myVote?: string | null;
}

const FIELDS = Object.keys(ARTIFACT_FIELD_LABELS) as (keyof typeof ARTIFACT_FIELD_LABELS)[];
const UNKNOWN_ID = '0badc0de-0000-4000-8000-000000000000';

function validInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Lycurgus Cup',
    image: 'https://example.org/lycurgus.jpg',
    type: 'Art',
    historicalContext: 'A Roman glass cage cup that shows dichroic colour.',
    description: 'Green in reflected light and red when lit from behind.',
    createdAt: '4th century AD',
    discoveredAt: '1845',
    discoveredBy: 'Unknown',
    presentLocation: 'British Museum, London',
    ...overrides,
  };
}

let alice: TestUser;
let bob: TestUser;
/** The sort tests' member: their creates and deletes would take Alice past the write limit (120 a minute). */
let sorter: TestUser;
let crowd: TestUser[];

beforeAll(async () => {
  [alice, bob, sorter] = await Promise.all([signUp('Alice Archivist'), signUp(), signUp('Sally Sorter')]);
  crowd = await signUpMany(100);
});

describe.each(BACKENDS)('API on %s', (backend) => {
  let server: TestApi;
  let url: string;

  beforeAll(async () => {
    server = await startTestApi(backend);
    url = server.url;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Everything a failed request must leave untouched. */
  async function snapshot() {
    const db = server.api.store.db;
    const [artifacts, votes, state] = await Promise.all([
      db.selectFrom('artifacts').selectAll().orderBy('id').execute(),
      db.selectFrom('artifact_votes').selectAll().orderBy('artifact_id').orderBy('user_uid').execute(),
      db.selectFrom('collection_state').select('version').executeTakeFirstOrThrow(),
    ]);
    return { artifacts, votes, version: state.version };
  }

  async function create(user: TestUser, overrides: Record<string, unknown> = {}): Promise<ArtifactBody> {
    const result = await http<Mutation>(`${url}/artifacts`, {
      method: 'POST',
      headers: user.auth,
      json: validInput(overrides),
    });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body.artifact!;
  }

  describe('service', () => {
    it('answers /health', async () => {
      expect((await http(`${url}/health`)).body).toEqual({ ok: true });
    });

    it('serves an OpenAPI description listing every call in both path shapes, and the docs page', async () => {
      const { body } = await http<{ paths: Record<string, Record<string, unknown>> }>(`${url}/openapi.json`);
      for (const path of [
        '/artifacts',
        '/artifacts/top-liked',
        '/artifacts/{id}',
        '/artifacts/{id}/like',
        '/artifacts/{id}/dislike',
        '/artifacts/user/{who}',
        '/artifacts/liked/{who}',
        '/images',
        '/images/{id}/{file}',
      ]) {
        expect(body.paths[path], path).toBeDefined();
        expect(body.paths[`/api${path}`], `/api${path}`).toBeDefined();
      }
      expect(Object.keys(body.paths['/api/artifacts/{id}']!)).toEqual(
        expect.arrayContaining(['get', 'patch', 'delete']),
      );
      // Written from the routes' own schemas: the request body and the answers, in both shapes.
      type Operation = {
        requestBody?: { content: Record<string, unknown> };
        responses: Record<string, unknown>;
        parameters?: { name: string }[];
      };
      for (const path of ['/artifacts', '/api/artifacts']) {
        const post = body.paths[path]!.post as Operation;
        expect(JSON.stringify(post.requestBody)).toContain('#/components/schemas/NewArtifactInput');
        expect(Object.keys(post.responses)).toEqual(
          expect.arrayContaining(['201', '400', '401', '413', '429']),
        );
        expect(JSON.stringify(post.responses['201'])).toContain('#/components/schemas/CreateResult');
      }
      const list = body.paths['/api/artifacts']!.get as Operation;
      expect(list.parameters?.map((parameter) => parameter.name)).toEqual([
        'q',
        'type',
        'sort',
        'limit',
        'cursor',
      ]);
      const upload = body.paths['/api/images']!.post as Operation;
      expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
      const docs = await fetch(`${url}/docs/`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('swagger');
    });

    it('allows the shell and remotes as CORS origins and refuses others', async () => {
      const allowed = await fetch(`${url}/api/artifacts`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'PATCH',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      const refused = await fetch(`${url}/api/artifacts`, { headers: { Origin: 'http://evil.example' } });
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('answers unknown routes with a 404 error body', async () => {
      const result = await http<Mutation>(`${url}/nope`);
      expect(result.status).toBe(404);
      expect(result.body).toMatchObject({ success: false, message: expect.stringContaining('not found') });
    });
  });

  describe('starter collection', () => {
    it('loads at least 24 curated artifacts across all ten types on a first start', async () => {
      const { body } = await http<ArtifactBody[]>(`${url}/artifacts`);
      const starters = body.filter((artifact) => artifact.adderEmail === CURATORS.email);
      expect(starters.length).toBe(STARTER_ARTIFACTS.length);
      expect(starters.length).toBeGreaterThanOrEqual(24);
      expect(new Set(starters.map((artifact) => artifact.type))).toEqual(new Set(ARTIFACT_TYPES));
      const rosetta = starters.find((artifact) => artifact.name === 'Rosetta Stone');
      expect(rosetta).toMatchObject({
        createdAt: '196 BC',
        discoveredAt: '1799',
        discoveredBy: 'Pierre-François Bouchard',
        presentLocation: 'British Museum, London',
        adderName: CURATORS.name,
        likeCount: 0,
      });
    });

    it('serves every starter image locally, from the API, with long-lived caching', async () => {
      const { body } = await http<ArtifactBody[]>(`${url}/artifacts`);
      const starters = body.filter((artifact) => artifact.adderEmail === CURATORS.email);
      for (const artifact of starters) {
        expect(artifact.image.startsWith(`${url}/images/`), artifact.image).toBe(true);
        const image = await fetch(artifact.image);
        expect(image.status, artifact.image).toBe(200);
        expect(image.headers.get('content-type')).toContain('image/svg+xml');
        expect(image.headers.get('cache-control')).toContain('max-age=31536000');
        const svg = await image.text();
        expect(svg).toContain('<svg');
        expect(svg).not.toMatch(/href="https?:/);
      }
    });

    it('sends the starter SVGs compressed to clients that accept it, and whole to those that do not', async () => {
      const { body } = await http<ArtifactBody[]>(`${url}/artifacts`);
      const image = body.find((artifact) => artifact.adderEmail === CURATORS.email)!.image;
      const plain = await fetch(image, { headers: { 'Accept-Encoding': 'identity' } });
      const svg = await plain.text();
      expect(plain.headers.get('content-encoding')).toBeNull();
      // Vary keeps @fastify/cors's Origin beside it.
      expect(plain.headers.get('vary')).toBe('Origin, Accept-Encoding');
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const response = await fetch(image, { headers: { 'Accept-Encoding': accept } });
        expect(response.headers.get('content-encoding'), accept).toBe(encoding);
        // fetch decodes the body: the same picture arrives.
        expect(await response.text(), accept).toBe(svg);
        const etag = response.headers.get('etag')!;
        expect(etag).not.toBe(plain.headers.get('etag'));
        const again = await fetch(image, { headers: { 'Accept-Encoding': accept, 'If-None-Match': etag } });
        expect(again.status, accept).toBe(304);
      }
    });

    it('seeds idempotently: a second run inserts nothing', async () => {
      const before = await snapshot();
      expect(await seedStarterCollection(server.api.store)).toBe(0);
      expect((await snapshot()).artifacts).toEqual(before.artifacts);
    });
  });

  describe('reading', () => {
    it('lists every artifact as an array in both path shapes, each with _id, every spec field and likeCount', async () => {
      const plain = await http<ArtifactBody[]>(`${url}/artifacts`);
      const prefixed = await http<ArtifactBody[]>(`${url}/api/artifacts`);
      expect(plain.status).toBe(200);
      expect(Array.isArray(plain.body)).toBe(true);
      expect(prefixed.body).toEqual(plain.body);
      for (const artifact of plain.body) {
        for (const field of ['_id', ...FIELDS, 'adderName', 'adderEmail', 'likeCount']) {
          expect(artifact, field).toHaveProperty(field);
        }
        expect(typeof artifact.likeCount).toBe('number');
      }
    });

    it('gets one artifact by id in both shapes', async () => {
      const id = STARTER_ARTIFACTS[0]!.id;
      const plain = await http<ArtifactBody>(`${url}/artifacts/${id}`);
      const prefixed = await http<ArtifactBody>(`${url}/api/artifacts/${id}`);
      expect(plain.status).toBe(200);
      expect(plain.body._id).toBe(id);
      expect(prefixed.body).toEqual(plain.body);
      expect(plain.body).not.toHaveProperty('myVote');
    });

    it('answers list requests with an ETag, 304 on If-None-Match, and gzip on request', async () => {
      const first = await fetch(`${url}/api/artifacts`);
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      await first.arrayBuffer();
      const again = await fetch(`${url}/api/artifacts`, { headers: { 'If-None-Match': etag! } });
      expect(again.status).toBe(304);
      const gzipped = await fetch(`${url}/api/artifacts`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(Array.isArray(await gzipped.json())).toBe(true);
    });

    it('shows a write in the list at once (the cache is invalidated by the write)', async () => {
      const before = await http<ArtifactBody[]>(`${url}/artifacts`);
      const created = await create(alice, { name: 'Cache Probe Astrolabe' });
      const after = await http<ArtifactBody[]>(`${url}/artifacts`);
      expect(after.body.length).toBe(before.body.length + 1);
      expect(after.body[0]!._id).toBe(created._id);
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    });
  });

  describe('search and paging', () => {
    it('matches the trimmed term case-insensitively in name, description, type and present location', async () => {
      const all = (await http<ArtifactBody[]>(`${url}/artifacts`)).body;
      for (const term of ['  rosetta ', 'CUNEIFORM', 'religious items', 'british museum', 'ÉPONGE']) {
        const needle = term.trim().toLowerCase();
        const expected = all
          .filter((artifact) =>
            [artifact.name, artifact.description, artifact.type, artifact.presentLocation].some((text) =>
              text.toLowerCase().includes(needle),
            ),
          )
          .map((artifact) => artifact._id);
        const { body, headers } = await http<ArtifactBody[]>(
          `${url}/api/artifacts?q=${encodeURIComponent(term)}`,
        );
        expect(body.map((artifact) => artifact._id).sort(), term).toEqual(expected.sort());
        expect(headers.get('x-total-count')).toBe(String(expected.length));
      }
    });

    it('treats a blank term as everything', async () => {
      const all = (await http<ArtifactBody[]>(`${url}/artifacts`)).body;
      expect((await http<ArtifactBody[]>(`${url}/artifacts?q=%20%20`)).body).toEqual(all);
    });

    it('escapes LIKE wildcards in the term', async () => {
      expect((await http<ArtifactBody[]>(`${url}/artifacts?q=%25`)).body).toEqual([]);
      expect((await http<ArtifactBody[]>(`${url}/artifacts?q=_`)).body).toEqual([]);
    });

    it('filters by type, sorts, and pages with a cursor in headers while the body stays an array', async () => {
      const docs = (await http<ArtifactBody[]>(`${url}/artifacts?type=Documents&sort=name`)).body;
      expect(docs.length).toBeGreaterThanOrEqual(3);
      expect(docs.every((artifact) => artifact.type === 'Documents')).toBe(true);
      expect(docs.map((artifact) => artifact.name)).toEqual(
        [...docs.map((artifact) => artifact.name)].sort((a, b) => a.localeCompare(b)),
      );

      const all = (await http<ArtifactBody[]>(`${url}/artifacts`)).body;
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof http<ArtifactBody[]>>> = await http<ArtifactBody[]>(
          `${url}/artifacts?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status).toBe(200);
        expect(Array.isArray(page.body)).toBe(true);
        expect(page.headers.get('x-total-count')).toBe(String(all.length));
        seen.push(...page.body.map((artifact) => artifact._id));
        cursor = page.headers.get('x-next-cursor');
        pages += 1;
      } while (cursor && pages < 20);
      expect(seen).toEqual(all.map((artifact) => artifact._id));
    });

    /** Every page of a search in one sort, following X-Next-Cursor; each page is checked to say the same total. */
    async function pagedIds(query: string, limit: number): Promise<string[]> {
      const seen: string[] = [];
      let cursor: string | null = null;
      let total: string | null = null;
      for (let pages = 0; pages < 50; pages += 1) {
        const page: Awaited<ReturnType<typeof http<ArtifactBody[]>>> = await http<ArtifactBody[]>(
          `${url}/artifacts?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status).toBe(200);
        total ??= page.headers.get('x-total-count');
        expect(page.headers.get('x-total-count')).toBe(total);
        seen.push(...page.body.map((artifact) => artifact._id));
        cursor = page.headers.get('x-next-cursor');
        if (!cursor) break;
      }
      expect(String(seen.length)).toBe(total);
      return seen;
    }

    it.each(['newest', 'oldest', 'name', 'most-liked'])(
      'sort=%s is one order with its tie-breaker by id, so paging repeats and skips nothing, ties included',
      async (sort) => {
        // Five probes tied on everything a sort looks at (name, added_at, like count), a sixth liked more and added
        // later: only the id orders the five, and pages of two split them.
        const term = `tieprobe${sort.replace('-', '')}`;
        const tied = await Promise.all([1, 2, 3, 4, 5].map(() => create(sorter, { name: `Tie ${term}` })));
        const apart = await create(sorter, { name: `Apart ${term}` });
        const ids = [...tied.map((artifact) => artifact._id), apart._id];
        try {
          const db = server.api.store.db;
          await db
            .updateTable('artifacts')
            .set({ added_at: '2001-01-01T00:00:00Z', like_count: 0 })
            .where('id', 'in', ids.slice(0, 5))
            .execute();
          await db
            .updateTable('artifacts')
            .set({ added_at: '2002-01-01T00:00:00Z', like_count: 3 })
            .where('id', '=', apart._id)
            .execute();
          const tiedAscending = ids.slice(0, 5).sort();
          const tiedDescending = [...tiedAscending].reverse();
          const expected = {
            newest: [apart._id, ...tiedDescending],
            oldest: [...tiedAscending, apart._id],
            name: [apart._id, ...tiedAscending],
            'most-liked': [apart._id, ...tiedDescending],
          }[sort];
          const whole = (await http<ArtifactBody[]>(`${url}/artifacts?q=${term}&sort=${sort}`)).body;
          expect(whole.map((artifact) => artifact._id)).toEqual(expected);
          expect(await pagedIds(`q=${term}&sort=${sort}`, 2)).toEqual(expected);

          // The whole collection too, in pages of 7: the same order as unpaged, every artifact once.
          const all = (await http<ArtifactBody[]>(`${url}/artifacts?sort=${sort}`)).body;
          const allPaged = await pagedIds(`sort=${sort}`, 7);
          expect(allPaged).toEqual(all.map((artifact) => artifact._id));
          expect(new Set(allPaged).size).toBe(allPaged.length);
          const keys = all.map((artifact) =>
            sort === 'most-liked'
              ? -artifact.likeCount
              : sort === 'newest'
                ? -Date.parse(artifact.addedAt)
                : 0,
          );
          if (sort === 'oldest')
            expect(all.map((a) => Date.parse(a.addedAt))).toEqual(
              all.map((a) => Date.parse(a.addedAt)).sort((a, b) => a - b),
            );
          else expect(keys).toEqual([...keys].sort((a, b) => a - b));
        } finally {
          for (const id of ids) {
            expect(
              (await http(`${url}/api/artifacts/${id}`, { method: 'DELETE', headers: sorter.auth })).status,
            ).toBe(200);
          }
        }
      },
    );

    it('matches within one field only: a term spanning two fields finds nothing; wildcards and backslashes are text', async () => {
      const probe = await create(alice, {
        name: 'Spanning Probe',
        description: 'Crosses fields 50% of the time',
        presentLocation: 'Shelf_A\\B, Vault',
      });
      try {
        const search = async (term: string) =>
          (await http<ArtifactBody[]>(`${url}/api/artifacts?q=${encodeURIComponent(term)}`)).body.map(
            (artifact) => artifact._id,
          );
        // "Spanning Probe Crosses fields ..." is the joined text the index filters on; the spec searches per field.
        expect(await search('probe crosses')).toEqual([]);
        // The stored search text joins the columns with a unit separator, a control character no term may hold.
        const separated = await http(`${url}/api/artifacts?q=${encodeURIComponent('probe\x1fcrosses')}`);
        expect(separated.status).toBe(400);
        expect(await search('spanning probe')).toEqual([probe._id]);
        expect(await search('crosses FIELDS 50%')).toEqual([probe._id]);
        expect(await search('f_a\\b')).toEqual([probe._id]);
        expect(await search('f%a')).toEqual([]);
        expect(await search('fxa')).toEqual([]);
        // Shorter than a trigram: the index cannot help, the answer is the same.
        expect(await search('_a')).toEqual([probe._id]);
      } finally {
        expect(
          (await http(`${url}/api/artifacts/${probe._id}`, { method: 'DELETE', headers: alice.auth })).status,
        ).toBe(200);
      }
    });

    it('answers search pages and counts from the trigram index and the newest-first page from the added_at index', async () => {
      const store = server.api.store;
      // 30 rows are cheaper to scan than to look up, so the planner is told which ways are closed, to see whether
      // the index can serve the query (bench/scale shows it choosing the index by itself at 10,000 and 100,000).
      const plan = (query: { compile(): CompiledQuery }, closed: string[]) =>
        store.db.transaction().execute(async (trx) => {
          for (const setting of closed) await sql`select set_config(${setting}, 'off', true)`.execute(trx);
          const compiled = query.compile();
          const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
          );
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
      const plans = {
        // Without a plain index scan, the newest-first page can only come from the trigram index (or a scan).
        page: await plan(store.pageQuery({ q: 'rosetta', limit: 24 }), [
          'enable_seqscan',
          'enable_indexscan',
        ]),
        count: await plan(store.countQuery({ q: 'rosetta' }), ['enable_seqscan']),
        newest: await plan(store.pageQuery({ limit: 24 }), ['enable_seqscan']),
      };
      expect(plans.page).toContain('artifacts_search_trgm_idx');
      expect(plans.count).toContain('artifacts_search_trgm_idx');
      expect(plans.newest).toContain('artifacts_added_at_idx');
      expect(plans.newest).not.toMatch(/\bSort\b/);
    });

    it('keeps totals right across creates, votes and deletes while pages are cached', async () => {
      const page = () => http<ArtifactBody[]>(`${url}/api/artifacts?q=totals%20probe&limit=1`);
      const first = await create(alice, { name: 'Totals Probe One' });
      const second = await create(alice, { name: 'Totals Probe Two' });
      try {
        const before = await page();
        expect(before.headers.get('x-total-count')).toBe('2');
        expect(before.body.map((artifact) => artifact._id)).toEqual([second._id]);
        expect(before.body[0]!.likeCount).toBe(0);

        const like = await http<Mutation>(`${url}/api/artifacts/${second._id}/like`, {
          method: 'PATCH',
          headers: bob.auth,
        });
        expect(like.body.likeCount).toBe(1);
        const liked = await page();
        expect(liked.body[0]!.likeCount).toBe(1);
        expect(liked.headers.get('x-total-count')).toBe('2');
        expect(liked.headers.get('etag')).not.toBe(before.headers.get('etag'));

        expect(
          (await http(`${url}/api/artifacts/${second._id}`, { method: 'DELETE', headers: alice.auth }))
            .status,
        ).toBe(200);
        const after = await page();
        expect(after.headers.get('x-total-count')).toBe('1');
        expect(after.body.map((artifact) => artifact._id)).toEqual([first._id]);
      } finally {
        await http(`${url}/api/artifacts/${first._id}`, { method: 'DELETE', headers: alice.auth });
        await http(`${url}/api/artifacts/${second._id}`, { method: 'DELETE', headers: alice.auth });
      }
    });

    it('rejects a bad query with a 400 that names the parameter', async () => {
      for (const query of [
        'limit=0',
        'limit=abc',
        'limit=1000',
        'sort=random',
        'type=Spaceships',
        'cursor=nonsense',
      ]) {
        const result = await http<Mutation>(`${url}/artifacts?${query}`);
        expect(result.status, query).toBe(400);
        expect(result.body.message, query).toMatch(new RegExp(query.split('=')[0]!, 'i'));
      }
    });
  });

  describe('creating, updating and deleting', () => {
    it('creates an artifact in both shapes, taking the adder from the token and never likeCount from the body', async () => {
      for (const path of ['/artifacts', '/api/artifacts']) {
        const result = await http<Mutation>(`${url}${path}`, {
          method: 'POST',
          headers: alice.auth,
          json: validInput({
            adderName: 'Mallory',
            adderEmail: 'mallory@evil.test',
            likeCount: 999,
            _id: UNKNOWN_ID,
          }),
        });
        expect(result.status).toBe(201);
        expect(result.body.success).toBe(true);
        expect(result.body.message).toContain('has been added successfully');
        expect(result.body.artifact).toMatchObject({
          adderName: 'Alice Archivist',
          adderEmail: alice.email,
          likeCount: 0,
        });
        expect(result.body.artifact!._id).not.toBe(UNKNOWN_ID);
        const stored = await http<ArtifactBody>(`${url}/api/artifacts/${result.body.artifact!._id}`);
        expect(stored.body).toMatchObject({ ...validInput(), adderEmail: alice.email, likeCount: 0 });
      }
    });

    it("lists the caller's own artifacts with `me` and with the caller's e-mail, in both shapes", async () => {
      const own = await create(bob, { name: "Bob's Bronze Mirror" });
      const me = await http<ArtifactBody[]>(`${url}/artifacts/user/me`, { headers: bob.auth });
      const byEmail = await http<ArtifactBody[]>(
        `${url}/api/artifacts/user/${encodeURIComponent(bob.email)}`,
        { headers: bob.auth },
      );
      const meApi = await http<ArtifactBody[]>(`${url}/api/artifacts/user/me`, { headers: bob.auth });
      expect(me.body.map((artifact) => artifact._id)).toContain(own._id);
      expect(byEmail.body).toEqual(me.body);
      expect(meApi.body).toEqual(me.body);
      expect(me.body.every((artifact) => artifact.adderEmail === bob.email)).toBe(true);
    });

    it('lets the adder update in both shapes; description may be left out; likeCount and adder cannot be set', async () => {
      const artifact = await create(alice);
      const changes = validInput({
        name: 'Lycurgus Cup (restored)',
        description: undefined,
        likeCount: 50,
        adderEmail: bob.email,
      });
      const result = await http<Mutation>(`${url}/api/artifacts/${artifact._id}`, {
        method: 'PATCH',
        headers: alice.auth,
        json: changes,
      });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ success: true, message: 'Artifact updated successfully!' });
      const stored = (await http<ArtifactBody>(`${url}/artifacts/${artifact._id}`)).body;
      expect(stored).toMatchObject({
        name: 'Lycurgus Cup (restored)',
        description: artifact.description,
        likeCount: 0,
        adderEmail: alice.email,
      });

      const viaPlain = await http<Mutation>(`${url}/artifacts/${artifact._id}`, {
        method: 'PATCH',
        headers: alice.auth,
        json: validInput({ description: 'New description' }),
      });
      expect(viaPlain.status).toBe(200);
      expect((await http<ArtifactBody>(`${url}/artifacts/${artifact._id}`)).body.description).toBe(
        'New description',
      );
    });

    it('lets the adder delete in both shapes, then the artifact is gone (404)', async () => {
      for (const prefix of ['', '/api']) {
        const artifact = await create(alice);
        const result = await http<Mutation>(`${url}${prefix}/artifacts/${artifact._id}`, {
          method: 'DELETE',
          headers: { ...alice.auth, 'Content-Type': 'application/json' },
        });
        expect(result.status).toBe(200);
        expect(result.body.success).toBe(true);
        expect((await http(`${url}/api/artifacts/${artifact._id}`)).status).toBe(404);
      }
    });

    it('refuses to update or delete a curated starter artifact (403)', async () => {
      const before = await snapshot();
      const id = STARTER_ARTIFACTS[0]!.id;
      expect(
        (
          await http(`${url}/api/artifacts/${id}`, {
            method: 'PATCH',
            headers: alice.auth,
            json: validInput(),
          })
        ).status,
      ).toBe(403);
      expect(
        (await http(`${url}/api/artifacts/${id}`, { method: 'DELETE', headers: alice.auth })).status,
      ).toBe(403);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('likes and dislikes (spec section 4)', () => {
    it('walks the state machine: +1, 409, -1, 409, +1 (one member, one like), with myVote and liked lists following', async () => {
      const artifact = await create(bob);
      const like = (user: TestUser, path = '/api') =>
        http<Mutation>(`${url}${path}/artifacts/${artifact._id}/like`, {
          method: 'PATCH',
          headers: user.auth,
          json: { userEmail: user.email },
        });
      const dislike = (user: TestUser, path = '/api') =>
        http<Mutation>(`${url}${path}/artifacts/${artifact._id}/dislike`, {
          method: 'PATCH',
          headers: user.auth,
          json: { userEmail: user.email },
        });
      const count = async () =>
        (await http<ArtifactBody>(`${url}/api/artifacts/${artifact._id}`)).body.likeCount;
      const myVote = async (user: TestUser) =>
        (await http<ArtifactBody>(`${url}/api/artifacts/${artifact._id}`, { headers: user.auth })).body
          .myVote;

      expect(await myVote(alice)).toBeNull();
      const refusedFromNeutral = await dislike(alice);
      expect(refusedFromNeutral.status).toBe(409);
      expect(refusedFromNeutral.body.message).toBe('You can only dislike an artifact you liked');
      expect(await count()).toBe(0);

      const liked = await like(alice);
      expect(liked.status).toBe(200);
      expect(liked.body).toMatchObject({ success: true, likeCount: 1, myVote: 'liked' });
      expect(await myVote(alice)).toBe('liked');
      const likedList = await http<ArtifactBody[]>(`${url}/artifacts/liked/me`, { headers: alice.auth });
      expect(likedList.body.map((item) => item._id)).toContain(artifact._id);

      const again = await like(alice, '');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You already like this artifact');
      expect(await count()).toBe(1);

      const disliked = await dislike(alice, '');
      expect(disliked.body).toMatchObject({ success: true, likeCount: 0, myVote: 'disliked' });
      expect(await myVote(alice)).toBe('disliked');
      expect(
        (await http<ArtifactBody[]>(`${url}/artifacts/liked/me`, { headers: alice.auth })).body.map(
          (item) => item._id,
        ),
      ).not.toContain(artifact._id);

      const dislikedAgain = await dislike(alice);
      expect(dislikedAgain.status).toBe(409);
      expect(await count()).toBe(0);

      const likedBack = await like(alice);
      expect(likedBack.body).toMatchObject({ likeCount: 1, myVote: 'liked' });
      expect(await count()).toBe(1);
    });

    it('never lets a dislike take the count below 0', async () => {
      const artifact = await create(bob);
      // The count is recounted from the members' votes at each vote, so even a stored count that had gone wrong
      // (forced here) comes back to what the votes say, never below 0:
      await server.api.store.db
        .updateTable('artifacts')
        .set({ like_count: 0 })
        .where('id', '=', artifact._id)
        .execute();
      await server.api.store.db
        .insertInto('artifact_votes')
        .values({ artifact_id: artifact._id, user_uid: alice.uid, user_email: alice.email, vote: 'liked' })
        .execute();
      const result = await http<Mutation>(`${url}/artifacts/${artifact._id}/dislike`, {
        method: 'PATCH',
        headers: alice.auth,
      });
      expect(result.status).toBe(200);
      expect(result.body.likeCount).toBe(0);
    });

    it('accepts a like with no body at all', async () => {
      const artifact = await create(bob);
      const result = await http<Mutation>(`${url}/artifacts/${artifact._id}/like`, {
        method: 'PATCH',
        headers: { ...alice.auth, 'Content-Type': 'application/json' },
      });
      expect(result.status).toBe(200);
      expect(result.body.likeCount).toBe(1);
    });

    it("lists liked artifacts by e-mail only with that user's own token, in both shapes", async () => {
      const artifact = await create(bob);
      await http(`${url}/artifacts/${artifact._id}/like`, { method: 'PATCH', headers: alice.auth, json: {} });
      const own = await http<ArtifactBody[]>(
        `${url}/api/artifacts/liked/${encodeURIComponent(alice.email)}`,
        { headers: alice.auth },
      );
      expect(own.status).toBe(200);
      expect(own.body.map((item) => item._id)).toContain(artifact._id);
      const plain = await http<ArtifactBody[]>(`${url}/artifacts/liked/${encodeURIComponent(alice.email)}`, {
        headers: alice.auth,
      });
      expect(plain.body).toEqual(own.body);
      const other = await http<Mutation>(`${url}/api/artifacts/liked/${encodeURIComponent(alice.email)}`, {
        headers: bob.auth,
      });
      expect(other.status).toBe(403);
      const anonymous = await http<Mutation>(`${url}/api/artifacts/liked/${encodeURIComponent(alice.email)}`);
      expect(anonymous.status).toBe(401);
    });

    it('orders top-liked by likes, then newest, at most 6, in both shapes', async () => {
      const [first, second, third] = [
        await create(bob, { name: 'Top A' }),
        await create(bob, { name: 'Top B' }),
        await create(bob, { name: 'Top C' }),
      ];
      for (const user of crowd.slice(0, 30)) {
        await http(`${url}/artifacts/${second._id}/like`, { method: 'PATCH', headers: user.auth });
      }
      for (const user of crowd.slice(0, 20)) {
        await http(`${url}/artifacts/${first._id}/like`, { method: 'PATCH', headers: user.auth });
        await http(`${url}/artifacts/${third._id}/like`, { method: 'PATCH', headers: user.auth });
      }
      const top = await http<ArtifactBody[]>(`${url}/artifacts/top-liked`);
      const topApi = await http<ArtifactBody[]>(`${url}/api/artifacts/top-liked`);
      expect(topApi.body).toEqual(top.body);
      expect(top.body.length).toBeLessThanOrEqual(6);
      expect(top.body.slice(0, 3).map((item) => item._id)).toEqual([second._id, third._id, first._id]);
      const counts = top.body.map((item) => item.likeCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });
  });

  describe('concurrency', () => {
    it('counts exactly 100 when 100 users like the same artifact at once', async () => {
      const artifact = await create(bob);
      const results = await Promise.all(
        crowd.map((user) =>
          http<Mutation>(`${url}/api/artifacts/${artifact._id}/like`, {
            method: 'PATCH',
            headers: user.auth,
            json: { userEmail: user.email },
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(crowd.map(() => 200));
      expect((await http<ArtifactBody>(`${url}/api/artifacts/${artifact._id}`)).body.likeCount).toBe(100);
      const votes = await server.api.store.db
        .selectFrom('artifact_votes')
        .select('vote')
        .where('artifact_id', '=', artifact._id)
        .execute();
      expect(votes.length).toBe(100);
    });

    it("counts one user's simultaneous repeats of a vote once (one 200, the rest 409)", async () => {
      const artifact = await create(bob);
      const likeCount = async () =>
        (await http<ArtifactBody>(`${url}/api/artifacts/${artifact._id}`)).body.likeCount;
      for (const [action, expected] of [
        ['like', 1],
        ['dislike', 0],
        ['like', 1],
      ] as const) {
        const results = await Promise.all(
          Array.from({ length: 10 }, () =>
            http<Mutation>(`${url}/api/artifacts/${artifact._id}/${action}`, {
              method: 'PATCH',
              headers: alice.auth,
            }),
          ),
        );
        const statuses = results.map((result) => result.status).sort();
        expect(statuses, action).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
        expect(await likeCount(), action).toBe(expected);
      }
    });

    it('ends a concurrent mix of likes and dislikes from 50 users at the count their final states imply', async () => {
      const artifact = await create(bob);
      const users = crowd.slice(0, 50);
      // Each user runs its own sequence in order; users run at the same time. Like +1, dislike -1, like after
      // dislike +1: the count is the number of users whose last vote is a like.
      const plans = users.map((_, index) =>
        (['like', 'like dislike', 'like dislike like'] as const)[index % 3]!.split(' '),
      );
      const expected = plans.reduce((sum, plan) => sum + (plan.length === 2 ? 0 : 1), 0);
      await Promise.all(
        users.map(async (user, index) => {
          for (const action of plans[index]!) {
            const result = await http(`${url}/artifacts/${artifact._id}/${action}`, {
              method: 'PATCH',
              headers: user.auth,
            });
            expect(result.status).toBe(200);
          }
        }),
      );
      expect((await http<ArtifactBody>(`${url}/api/artifacts/${artifact._id}`)).body.likeCount).toBe(
        expected,
      );
      const finals = await server.api.store.db
        .selectFrom('artifact_votes')
        .select('vote')
        .where('artifact_id', '=', artifact._id)
        .execute();
      expect(finals.filter((row) => row.vote === 'liked').length).toBe(
        plans.filter((plan) => plan.length !== 2).length,
      );
    });
  });

  describe('bad input: 4xx with a reason, database unchanged', () => {
    let target: ArtifactBody;
    beforeAll(async () => {
      target = await create(alice, { name: 'Bad Input Target' });
    });

    async function expectRejected(
      request: () => Promise<{ status: number; body: unknown }>,
      status: number,
      message: RegExp | string,
    ): Promise<Mutation> {
      const before = await snapshot();
      const result = await request();
      expect(result.status, JSON.stringify(result.body)).toBe(status);
      const body = result.body as Mutation;
      expect(body.success).toBe(false);
      if (typeof message === 'string') expect(body.message).toContain(message);
      else expect(body.message).toMatch(message);
      expect(await snapshot()).toEqual(before);
      return body;
    }

    it('malformed JSON', async () => {
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: { ...alice.auth, 'Content-Type': 'application/json' },
            raw: '{"name": "x",',
          }),
        400,
        'Malformed JSON',
      );
      await expectRejected(
        () =>
          http(`${url}/api/artifacts/${target._id}`, {
            method: 'PATCH',
            headers: { ...alice.auth, 'Content-Type': 'application/json' },
            raw: "{name: 'x'}",
          }),
        400,
        'Malformed JSON',
      );
    });

    it('an empty body with a JSON content type', async () => {
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: { ...alice.auth, 'Content-Type': 'application/json' },
            raw: '',
          }),
        400,
        'body is empty',
      );
      await expectRejected(
        () =>
          http(`${url}/api/artifacts/${target._id}`, {
            method: 'PATCH',
            headers: { ...alice.auth, 'Content-Type': 'application/json' },
          }),
        400,
        'body is empty',
      );
    });

    it.each(FIELDS)('required field missing: %s', async (field) => {
      const input: Record<string, unknown> = validInput();
      delete input[field];
      const body = await expectRejected(
        () => http(`${url}/artifacts`, { method: 'POST', headers: alice.auth, json: input }),
        400,
        `Invalid artifact: ${ARTIFACT_FIELD_LABELS[field]} is required`,
      );
      expect(body.errors).toEqual([{ field, message: `${ARTIFACT_FIELD_LABELS[field]} is required` }]);
    });

    it.each(FIELDS)('required field blank: %s', async (field) => {
      const body = await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: alice.auth,
            json: validInput({ [field]: '   ' }),
          }),
        400,
        ARTIFACT_FIELD_LABELS[field],
      );
      expect(body.errors?.[0]?.field).toBe(field);
    });

    it.each(FIELDS.filter((field) => field !== 'description'))(
      'update: required field missing: %s',
      async (field) => {
        const input: Record<string, unknown> = validInput();
        delete input[field];
        await expectRejected(
          () =>
            http(`${url}/api/artifacts/${target._id}`, { method: 'PATCH', headers: alice.auth, json: input }),
          400,
          `${ARTIFACT_FIELD_LABELS[field]} is required`,
        );
      },
    );

    it('wrong types', async () => {
      await expectRejected(
        () =>
          http(`${url}/artifacts`, { method: 'POST', headers: alice.auth, json: validInput({ name: 42 }) }),
        400,
        'Artifact Name must be text',
      );
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: alice.auth,
            json: validInput({ discoveredAt: 1799 }),
          }),
        400,
        'Discovered At must be text',
      );
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: alice.auth,
            json: validInput({ type: ['Art'] }),
          }),
        400,
        'Artifact Type',
      );
      await expectRejected(
        () => http(`${url}/artifacts`, { method: 'POST', headers: alice.auth, json: [validInput()] }),
        400,
        'must be a JSON object',
      );
      await expectRejected(
        () => http(`${url}/artifacts`, { method: 'POST', headers: alice.auth, json: 'a string' }),
        400,
        'must be a JSON object',
      );
      await expectRejected(
        () =>
          http(`${url}/artifacts/${target._id}/like`, {
            method: 'PATCH',
            headers: alice.auth,
            json: { userEmail: 12 },
          }),
        400,
        'userEmail',
      );
    });

    it('a type outside the ten', async () => {
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: alice.auth,
            json: validInput({ type: 'Spaceships' }),
          }),
        400,
        'Artifact Type must be one of',
      );
    });

    it.each([
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      '/images/relative.png',
      'ftp://example.org/x.png',
      'not a url',
    ])('an image that is not an http(s) URL: %s', async (image) => {
      await expectRejected(
        () => http(`${url}/artifacts`, { method: 'POST', headers: alice.auth, json: validInput({ image }) }),
        400,
        'Image URL must be a valid http(s) URL',
      );
    });

    it('strings over the limits', async () => {
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: alice.auth,
            json: validInput({ name: 'x'.repeat(121) }),
          }),
        400,
        'Artifact Name must be at most 120 characters',
      );
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: alice.auth,
            json: validInput({ description: 'x'.repeat(4001) }),
          }),
        400,
        'Description must be at most 4000 characters',
      );
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: alice.auth,
            json: validInput({ image: `https://example.org/${'a'.repeat(2100)}` }),
          }),
        400,
        'Image URL must be at most',
      );
    });

    it('a body over the size limit', async () => {
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: alice.auth,
            json: validInput({ description: 'x'.repeat(300_000) }),
          }),
        413,
        'too large',
      );
    });

    it('an unsupported content type', async () => {
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: { ...alice.auth, 'Content-Type': 'text/plain' },
            raw: JSON.stringify(validInput()),
          }),
        415,
        'Unsupported content type',
      );
    });

    it('a malformed id', async () => {
      for (const [method, suffix] of [
        ['GET', ''],
        ['PATCH', ''],
        ['DELETE', ''],
        ['PATCH', '/like'],
        ['PATCH', '/dislike'],
      ] as const) {
        await expectRejected(
          () =>
            http(`${url}/api/artifacts/not-a-uuid${suffix}`, {
              method,
              headers: alice.auth,
              ...(method === 'PATCH' && !suffix ? { json: validInput() } : {}),
            }),
          400,
          'Invalid artifact id',
        );
      }
    });

    it('an unknown id', async () => {
      for (const [method, suffix] of [
        ['GET', ''],
        ['PATCH', ''],
        ['DELETE', ''],
        ['PATCH', '/like'],
        ['PATCH', '/dislike'],
      ] as const) {
        await expectRejected(
          () =>
            http(`${url}/api/artifacts/${UNKNOWN_ID}${suffix}`, {
              method,
              headers: alice.auth,
              ...(method === 'PATCH' && !suffix ? { json: validInput() } : {}),
            }),
          404,
          'Artifact not found',
        );
      }
    });

    it('no token', async () => {
      const calls: [string, string, unknown?][] = [
        ['POST', '/artifacts', validInput()],
        ['PATCH', `/api/artifacts/${target._id}`, validInput()],
        ['DELETE', `/api/artifacts/${target._id}`],
        ['PATCH', `/api/artifacts/${target._id}/like`, {}],
        ['PATCH', `/api/artifacts/${target._id}/dislike`, {}],
        ['GET', '/artifacts/user/me'],
        ['GET', '/artifacts/liked/me'],
      ];
      for (const [method, path, json] of calls) {
        await expectRejected(() => http(`${url}${path}`, { method, json }), 401, 'Missing bearer token');
      }
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: { Authorization: 'Basic abc' },
            json: validInput(),
          }),
        401,
        'Missing bearer token',
      );
    });

    it('an expired token', async () => {
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${expiredToken(alice)}` },
            json: validInput(),
          }),
        401,
        'Invalid or expired token',
      );
    });

    it('a tampered token (payload edited, or signature forged)', async () => {
      const edited = tamperedPayload(alice.token, { email: bob.email });
      await expectRejected(
        () =>
          http(`${url}/api/artifacts/${target._id}`, {
            method: 'DELETE',
            headers: { Authorization: `Bearer ${edited}` },
          }),
        401,
        'Invalid or expired token',
      );
      const otherUid = tamperedPayload(bob.token, { sub: alice.uid, user_id: alice.uid });
      await expectRejected(
        () =>
          http(`${url}/api/artifacts/${target._id}`, {
            method: 'DELETE',
            headers: { Authorization: `Bearer ${otherUid}` },
          }),
        401,
        'Invalid or expired token',
      );
      await expectRejected(
        () =>
          http(`${url}/api/artifacts/${target._id}`, {
            method: 'DELETE',
            headers: { Authorization: `Bearer ${tamperedSignature(alice.token)}` },
          }),
        401,
        'Invalid or expired token',
      );
      await expectRejected(
        () =>
          http(`${url}/artifacts`, {
            method: 'POST',
            headers: { Authorization: 'Bearer not.a.jwt' },
            json: validInput(),
          }),
        401,
        'Invalid or expired token',
      );
    });

    it("another user's token", async () => {
      await expectRejected(
        () =>
          http(`${url}/api/artifacts/${target._id}`, {
            method: 'PATCH',
            headers: bob.auth,
            json: validInput({ name: 'Hijacked' }),
          }),
        403,
        'You can only update your own artifacts',
      );
      await expectRejected(
        () => http(`${url}/api/artifacts/${target._id}`, { method: 'DELETE', headers: bob.auth }),
        403,
        'You can only delete your own artifacts',
      );
      await expectRejected(
        () =>
          http(`${url}/api/artifacts/${target._id}/like`, {
            method: 'PATCH',
            headers: bob.auth,
            json: { userEmail: alice.email },
          }),
        403,
        'userEmail does not match',
      );
      await expectRejected(
        () => http(`${url}/api/artifacts/liked/${encodeURIComponent(alice.email)}`, { headers: bob.auth }),
        403,
        'your own liked artifacts',
      );
    });
  });

  describe('every bad byte refused with 400 and the field’s name (issue 46)', () => {
    // A member of its own: the write limit counts refusals too, and Alice has written much by now.
    let carol: TestUser;
    beforeAll(async () => {
      carol = await signUp('Carol Curious');
    });

    async function refused(
      body: string | Buffer,
      field: string,
      message: RegExp,
      path = '/artifacts',
    ): Promise<void> {
      const before = await snapshot();
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { ...carol.auth, 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : new Uint8Array(body),
      });
      const answer = (await response.json()) as Mutation;
      expect(response.status, JSON.stringify(answer)).toBe(400);
      expect(answer.errors).toEqual([{ field, message: expect.stringMatching(message) as unknown }]);
      expect(await snapshot()).toEqual(before);
    }

    it.each([
      ['name', 'Lycurgus\u0000Cup', /^Artifact Name must not contain control characters/],
      ['description', 'Green\u0000', /^Description must not contain control characters/],
      ['presentLocation', 'London\u001b', /^Present Location must not contain control characters/],
      ['discoveredBy', 'Unknown \ud800', /^Discovered By contains an invalid character/],
      ['name', '\u200b\u200d\u202e\u2066', /^Artifact Name is required$/],
    ])('%s holding %j', async (field, text, message) => {
      await refused(JSON.stringify(validInput({ [field]: text })), field, message);
    });

    it('bytes that are not UTF-8 (an encoded surrogate), rather than storing U+FFFD', async () => {
      const [head, tail] = JSON.stringify(validInput({ name: 'Lycurgus @' })).split('@') as [string, string];
      const body = Buffer.concat([Buffer.from(head), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(tail)]);
      await refused(body, 'name', /^name holds bytes that are not valid UTF-8$/);
    });

    it.each([
      ['http://169.254.169.254/latest/meta-data/', /public address/],
      ['http://localhost:3000/x.png', /public address/],
      ['http://10.0.0.1/x.png', /public address/],
      ['https://user:pw@example.org/x.png', /user name or password/],
    ])('the image %s', async (image, message) => {
      await refused(JSON.stringify(validInput({ image })), 'image', message);
    });

    it('stores texts in NFC and Image URLs as the WHATWG parser serialises them', async () => {
      const created = await create(carol, {
        name: 'Cafe\u0301 amphora',
        image: 'HTTPS://Example.ORG:443/a b.jpg',
      });
      expect(created.name).toBe('Caf\u00e9 amphora');
      expect(created.image).toBe('https://example.org/a%20b.jpg');
    });

    it('an adder whose display name breaks the rules is refused, naming adderName', async () => {
      const mallory = await signUp(`\u202e${'M'.repeat(130)}`);
      const before = await snapshot();
      const result = await http<Mutation>(`${url}/artifacts`, {
        method: 'POST',
        headers: mallory.auth,
        json: validInput(),
      });
      expect(result.status).toBe(400);
      expect(result.body.errors).toEqual([
        {
          field: 'adderName',
          message: 'Your display name must be at most 120 characters: change it on your Profile',
        },
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('a NUL in ?q= is a 400 naming q, not a 500', async () => {
      const result = await http<Mutation>(`${url}/api/artifacts?q=a%00b`);
      expect(result.status).toBe(400);
      expect(result.body.errors).toEqual([
        { field: 'q', message: expect.stringMatching(/^q must not contain control characters/) as unknown },
      ]);
    });

    it('search is Unicode-normalised: "e" + combining accent finds "é", and "é" finds it too', async () => {
      const tag = `nfc${Math.random().toString(36).slice(2, 8)}`;
      const created = await create(carol, { name: `Caf\u00e9 ${tag}` });
      for (const q of [`Cafe\u0301 ${tag}`, `Caf\u00e9 ${tag}`]) {
        const found = await http<ArtifactBody[]>(`${url}/api/artifacts?q=${encodeURIComponent(q)}`);
        expect(found.status).toBe(200);
        expect(found.body.map((artifact) => artifact._id)).toEqual([created._id]);
      }
    });

    it('the migration puts the texts stored before in NFC, so search finds them', async () => {
      const tag = `nfd${Math.random().toString(36).slice(2, 8)}`;
      const created = await create(carol, { name: `Museum ${tag}` });
      const db = server.api.store.db;
      await db
        .updateTable('artifacts')
        .set({ name: `Cafe\u0301 ${tag}`, present_location: 'Ko\u0308ln' })
        .where('id', '=', created._id)
        .execute();
      // Back to before migration 0009: the migrations after it are undone too, as Kysely runs them in order.
      await sql`drop table account_closures`.execute(db);
      await sql`drop table photo_removals`.execute(db);
      await sql`drop table contact_messages`.execute(db);
      await sql`drop table release_minutes`.execute(db);
      await sql`drop table release_samples`.execute(db);
      await db
        .deleteFrom('schema_migrations' as never)
        .where('name' as never, '>=', '0009' as never)
        .execute();
      expect(await migrateToLatest(db as unknown as Kysely<unknown>)).toEqual([
        '0009_nfc_texts',
        '0010_account_closures',
        '0011_closed_accounts',
        '0012_photo_removals',
        '0013_contact_messages',
        '0014_release_health',
      ]);
      const row = await db
        .selectFrom('artifacts')
        .selectAll()
        .where('id', '=', created._id)
        .executeTakeFirstOrThrow();
      expect([row.name, row.present_location]).toEqual([`Caf\u00e9 ${tag}`, 'K\u00f6ln']);
      // A fresh process would read the new text; this one's caches go by the collection version.
      await server.api.store.write(() => Promise.resolve());
      const found = await http<ArtifactBody[]>(`${url}/api/artifacts?q=${encodeURIComponent(`Café ${tag}`)}`);
      expect(found.body.map((artifact) => artifact._id)).toEqual([created._id]);
    });
  });
});

describe('seeding switched off', () => {
  it('SEED_STARTER=false starts with an empty collection', async () => {
    const server = await startTestApi('postgres', { SEED_STARTER: 'false' });
    try {
      expect((await http<unknown[]>(`${server.url}/artifacts`)).body).toEqual([]);
      expect(server.api.seeded).toBe(0);
    } finally {
      await server.close();
    }
  });
});

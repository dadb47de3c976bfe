/**
 * "Added by" follows the member's current display name (issue #55), on PGlite and on PostgreSQL: the API stores the
 * adder's name at create time and renames the member's artifacts when it verifies a token carrying another name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApi, type TestApi } from './support/api-harness.ts';
import { changeDisplayName, signUp, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';

interface Shown {
  _id: string;
  adderName: string;
}

const input = (name: string) => ({
  name,
  image: 'https://example.org/astrolabe.jpg',
  type: 'Tools',
  historicalContext: 'A brass instrument for reading the sky.',
  description: 'Engraved plates and a rotating rete.',
  createdAt: '1200 AD',
  discoveredAt: '1900',
  discoveredBy: 'A collector',
  presentLocation: 'Museum of the History of Science, Oxford',
});

describe.each(BACKENDS)('Added by on %s', (backend) => {
  let server: TestApi;
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [server, ada, bob] = await Promise.all([
      startTestApi(backend),
      signUp('Ada Archivist'),
      signUp('Bob Builder'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function added(user: TestUser, name: string): Promise<Shown> {
    const created = await http<{ artifact: Shown }>(`${server.url}/api/artifacts`, {
      method: 'POST',
      headers: user.auth,
      json: input(name),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.artifact;
  }
  const publicView = async (id: string) => (await http<Shown>(`${server.url}/api/artifacts/${id}`)).body;
  const listed = async (id: string) =>
    (await http<Shown[]>(`${server.url}/artifacts?q=Astrolabe`)).body.find((shown) => shown._id === id);

  it("shows a renamed member's new name on every artifact they added, and no one else's", async () => {
    const first = await added(ada, 'Astrolabe of Ada one');
    const second = await added(ada, 'Astrolabe of Ada two');
    const bobs = await added(bob, 'Astrolabe of Bob');
    expect((await publicView(first._id)).adderName).toBe('Ada Archivist');
    expect((await listed(first._id))?.adderName).toBe('Ada Archivist');

    ada = await changeDisplayName(ada, 'Ada Lovelace');
    // Any call with the new token: here her own list, as Profile and My Artifacts ask for it.
    const own = await http<Shown[]>(`${server.url}/api/artifacts/user/me`, { headers: ada.auth });
    expect(own.body.map((shown) => shown.adderName)).toEqual(['Ada Lovelace', 'Ada Lovelace']);

    // Visitors see it too, from the cached list and by id: the rename moved the collection's version.
    expect((await publicView(first._id)).adderName).toBe('Ada Lovelace');
    expect((await publicView(second._id)).adderName).toBe('Ada Lovelace');
    expect((await listed(second._id))?.adderName).toBe('Ada Lovelace');
    expect((await publicView(bobs._id)).adderName).toBe('Bob Builder');
  });

  it('renames on a write as well, and a new artifact carries the new name', async () => {
    const before = await added(bob, 'Astrolabe of Bob again');
    bob = await changeDisplayName(bob, 'Robert Builder');
    const after = await added(bob, 'Astrolabe of Robert');
    expect(after.adderName).toBe('Robert Builder');
    expect((await publicView(before._id)).adderName).toBe('Robert Builder');
  });
});

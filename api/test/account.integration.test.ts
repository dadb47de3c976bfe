/**
 * The member's own account (issue #47), on PGlite and on PostgreSQL: GET /me/export and DELETE /me in both path
 * shapes, the caller's only; closing removes their artifacts, photos, likes (counts recounted) and the account, all
 * or nothing; an identity provider that stalls half-way leaves nothing deleted, and the sweep settles the closing
 * once it is known whether the account went. Every API here reaches the Auth Emulator through a proxy that can stall.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { CLOSE_FAILED, CONFIRM_IT_IS_YOU } from '../src/account/account-routes.ts';
import { settleInterruptedClosures } from '../src/account/member-account.ts';
import { cameraPhoto } from '../../e2e/fixtures/photos.ts';
import { BACKENDS, startTestApi, type TestApi } from './support/api-harness.ts';
import { accountAdmin, signUp, signUpAs, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';
import { RECENT_SIGN_IN_SECONDS } from '../src/session/session-routes.ts';
import { startStallingProxy, type StallingProxy } from './support/stalling-proxy.ts';

const PROVIDER_TIMEOUT_MS = 1500;

interface Created {
  artifact: { _id: string; image: string; likeCount: number };
}
interface Exported {
  profile: { uid: string; email: string; displayName: string | null; createdAt: string | null };
  artifacts: Array<{ _id: string; name: string; image: string }>;
  likedArtifacts: Array<{
    _id: string;
    name: string;
    type: string;
    presentLocation: string;
    adderName: string;
  }>;
}

let proxy: StallingProxy;
beforeAll(async () => {
  proxy = await startStallingProxy(inject('authEmulatorHost'));
});
afterAll(async () => {
  await proxy?.close();
});

describe.each(BACKENDS)('the member account on %s', (backend) => {
  let server: TestApi;
  let url: string;

  beforeAll(async () => {
    server = await startTestApi(backend, {
      FIREBASE_AUTH_EMULATOR_HOST: proxy.host,
      IDENTITY_PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
    });
    url = server.url;
  });
  afterAll(async () => {
    proxy.resume();
    await server?.close();
  });

  const input = (name: string, image = 'https://example.org/astrolabe.jpg') => ({
    name,
    image,
    type: 'Tools',
    historicalContext: 'Used to read the sky.',
    description: 'Brass, engraved.',
    createdAt: '1200 AD',
    discoveredAt: '1900',
    discoveredBy: 'A collector',
    presentLocation: 'Oxford',
  });

  async function create(user: TestUser, name: string, image?: string) {
    const result = await http<Created>(`${url}/api/artifacts`, {
      method: 'POST',
      headers: user.auth,
      json: input(name, image),
    });
    expect(result.status).toBe(201);
    return result.body.artifact;
  }

  async function like(user: TestUser, id: string) {
    const result = await http(`${url}/api/artifacts/${id}/like`, { method: 'PATCH', headers: user.auth });
    expect(result.status).toBe(200);
  }

  async function uploadPhoto(user: TestUser): Promise<string> {
    const form = new FormData();
    const photo = await cameraPhoto({ width: 640, height: 480 });
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const result = await http<{ url: string }>(`${url}/api/images`, {
      method: 'POST',
      headers: user.auth,
      body: form,
    });
    expect(result.status).toBe(201);
    return result.body.url;
  }

  const likeCount = async (id: string) =>
    (await http<{ likeCount: number }>(`${url}/api/artifacts/${id}`)).body.likeCount;
  const exists = async (id: string) => (await http(`${url}/api/artifacts/${id}`)).status === 200;

  /** A member with an artifact showing an uploaded photo, a second photo not yet used, and a like given. */
  async function memberWithData(likes: string) {
    const member = await signUp('Closing Member');
    const photo = await uploadPhoto(member);
    await uploadPhoto(member);
    const artifact = await create(member, `Astrolabe of ${member.uid}`, photo);
    await like(member, likes);
    return { member, artifact };
  }

  it('answers 401 without a token on both path shapes, and never names another member', async () => {
    for (const path of ['/api/me', '/me']) {
      expect((await http(`${url}${path}`, { method: 'DELETE' })).status).toBe(401);
      expect((await http(`${url}${path}/export`)).status).toBe(401);
    }
    expect(
      (await http(`${url}/api/me/export`, { headers: { Authorization: 'Bearer not-a-token' } })).status,
    ).toBe(401);
  });

  it("exports the caller's profile, artifacts with photo URLs and likes, on both path shapes", async () => {
    const other = await signUp('Other Member');
    const theirs = await create(other, 'Their lyre');
    const { member, artifact } = await memberWithData(theirs._id);
    const exported = await http<Exported>(`${url}/api/me/export`, { headers: member.auth });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe(
      `attachment; filename="heritage-vault-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(exported.body.profile).toMatchObject({
      uid: member.uid,
      email: member.email,
      displayName: 'Closing Member',
    });
    expect(exported.body.profile.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(exported.body.artifacts.map((a) => a._id)).toEqual([artifact._id]);
    expect(exported.body.artifacts[0]!.image).toBe(artifact.image);
    expect(exported.body.likedArtifacts).toEqual([
      {
        _id: theirs._id,
        name: 'Their lyre',
        type: 'Tools',
        presentLocation: 'Oxford',
        adderName: 'Other Member',
      },
    ]);
    // The other member's export holds nothing of this one's.
    const theirsExported = await http<Exported>(`${url}/me/export`, { headers: other.auth });
    expect(theirsExported.body.artifacts.map((a) => a._id)).toEqual([theirs._id]);
    expect(theirsExported.body.likedArtifacts).toEqual([]);
  });

  it('closes an account: artifacts, photos and likes go, counts stay honest, the e-mail can register again', async () => {
    const other = await signUp('Other Member');
    const theirs = await create(other, 'Their lyre');
    const { member, artifact } = await memberWithData(theirs._id);
    await like(other, artifact._id);
    expect(await likeCount(theirs._id)).toBe(1);
    const photosBefore = await server.api.store.images.count();

    const closed = await http<{ success: boolean; artifactsDeleted: number; photosReleased: number }>(
      `${url}/api/me`,
      { method: 'DELETE', headers: member.auth },
    );
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ success: true, artifactsDeleted: 1, photosReleased: 2 });
    expect(await exists(artifact._id)).toBe(false);
    expect(await likeCount(theirs._id)).toBe(0);
    expect(await server.api.store.images.count()).toBe(photosBefore - 2);
    expect(await exists(theirs._id)).toBe(true);
    // The account is gone: its token is refused, and its e-mail makes a new account.
    expect((await http(`${url}/api/me/export`, { headers: member.auth })).status).toBe(401);
    const again = await signUpAs(member.email, 'Back Again');
    expect(again.uid).not.toBe(member.uid);
    const fresh = await http<Exported>(`${url}/me/export`, { headers: again.auth });
    expect(fresh.body.artifacts).toEqual([]);
    expect(fresh.body.likedArtifacts).toEqual([]);
  });

  it('refuses to close an account on a sign-in older than 5 minutes (403, nothing deleted): the member confirms first', async () => {
    const member = await signUp('Long Signed In');
    const artifact = await create(member, 'Astrolabe kept');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (RECENT_SIGN_IN_SECONDS + 30) * 1000);
      const refused = await http<{ message: string }>(`${url}/api/me`, {
        method: 'DELETE',
        headers: member.auth,
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, message: CONFIRM_IT_IS_YOU });
    } finally {
      vi.useRealTimers();
    }
    expect(await exists(artifact._id)).toBe(true);
    expect((await http(`${url}/api/me/export`, { headers: member.auth })).status).toBe(200);
  });

  it('a provider that stalls on the delete leaves nothing deleted, and the sweep settles it once it is known', async () => {
    const other = await signUp('Other Member');
    const theirs = await create(other, 'Their lyre');
    const { member, artifact } = await memberWithData(theirs._id);
    const photosBefore = await server.api.store.images.count();

    proxy.pauseAt('accounts:delete');
    const closing = await http<{ message: string }>(`${url}/me`, { method: 'DELETE', headers: member.auth });
    expect(closing.status).toBe(503);
    expect(closing.body.message).toBe(CLOSE_FAILED);
    expect(await exists(artifact._id)).toBe(true);
    expect(await likeCount(theirs._id)).toBe(1);
    expect(await server.api.store.images.count()).toBe(photosBefore);

    // The provider wakes up and deletes the account after all: the sweep finds it gone and removes the data.
    proxy.resume();
    await expect.poll(() => server.api.verifier.accountExists(member.uid)).toBe(false);
    expect(await settleInterruptedClosures(server.api.store, server.api.verifier, 0)).toBe(1);
    expect(await exists(artifact._id)).toBe(false);
    expect(await likeCount(theirs._id)).toBe(0);
    expect(await server.api.store.images.count()).toBe(photosBefore - 2);
  });

  it('a closing the provider refused keeps everything, and the sweep forgets it while the account is there', async () => {
    const other = await signUp('Other Member');
    const theirs = await create(other, 'Their lyre');
    const { member, artifact } = await memberWithData(theirs._id);
    proxy.pauseAt('accounts:delete');
    expect((await http(`${url}/api/me`, { method: 'DELETE', headers: member.auth })).status).toBe(503);
    // While the provider stays silent, nobody knows whether the account went: the sweep leaves the closing be.
    expect(await settleInterruptedClosures(server.api.store, server.api.verifier, 0)).toBe(0);
    // This time the held delete never arrives: the provider lost it.
    proxy.dropHeld();
    expect(await server.api.verifier.accountExists(member.uid)).toBe(true);
    expect(await settleInterruptedClosures(server.api.store, server.api.verifier, 0)).toBe(1);
    expect(await exists(artifact._id)).toBe(true);
    // The member tries again, and it works.
    expect((await http(`${url}/api/me`, { method: 'DELETE', headers: member.auth })).status).toBe(200);
    expect(await exists(artifact._id)).toBe(false);
    await accountAdmin.delete(member).catch(() => undefined);
  });
});

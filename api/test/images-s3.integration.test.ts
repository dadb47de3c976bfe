/**
 * The photo store on S3-compatible object storage (IMAGE_STORAGE=s3), through the official AWS SDK against s3rver, an
 * S3-compatible server that runs here: the copies land in the bucket with their type and cache header, the API serves
 * them from there (or names the bucket's public URL), and a released photo's objects are deleted.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUploadedImageUrl, uploadedImageSrcSet } from 'artifact-model';
import { SERVICE_UNAVAILABLE } from '../src/http/service-unavailable.ts';
import { BACKENDS, startTestApi, type TestApi } from './support/api-harness.ts';
import { signUp, type TestUser } from './support/auth.ts';
import { http } from './support/http.ts';
import { s3Env, startS3, type RunningS3 } from './support/s3-server.ts';

let s3: RunningS3;
let alice: TestUser;

beforeAll(async () => {
  s3 = await startS3('heritage-photos');
  // The API runs in this process here, and the SDK reads the credentials from the environment.
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY } = s3Env(s3);
  Object.assign(process.env, { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY });
  alice = await signUp('Alice Archivist');
});

afterAll(async () => s3?.close());

const photo = () =>
  sharp({ create: { width: 1000, height: 700, channels: 3, background: '#654321' } })
    .jpeg()
    .toBuffer();

async function upload(url: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'p.jpg');
  return http<{ url: string }>(`${url}/api/images`, { method: 'POST', headers: alice.auth, body: form });
}

const photosEnv = (extra: Record<string, string> = {}) => s3Env(s3, { S3_PREFIX: 'site/', ...extra });

const artifact = (image: string) => ({
  name: 'Tin soldier',
  image,
  type: 'Art',
  historicalContext: 'A toy from 1900.',
  description: 'Painted tin.',
  createdAt: '1900',
  discoveredAt: '2020',
  discoveredBy: 'A child',
  presentLocation: 'A shelf',
});

describe('photos in an S3 bucket', () => {
  let server: TestApi;
  afterAll(async () => server?.close());

  it('stores every copy as an object, serves it through the API, and deletes the objects with the photo', async () => {
    server = await startTestApi('pglite', photosEnv());
    const uploaded = await upload(server.url);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.url).toMatch(new RegExp(`^${server.url}/api/images/`));
    const { id } = parseUploadedImageUrl(uploaded.body.url)!;

    // In the bucket, under the prefix, with the type and cache header a CDN passes on.
    for (const entry of uploadedImageSrcSet(uploaded.body.url)!.split(', ')) {
      const width = entry.split(' ')[1]!.slice(0, -1);
      const object = await fetch(`${s3.url}/${s3.bucket}/site/images/${id}/${width}.webp`);
      expect(object.status).toBe(200);
      expect(object.headers.get('content-type')).toBe('image/webp');
      expect(object.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect((await fetch(uploaded.body.url)).headers.get('content-type')).toBe('image/webp');
    // Not a byte of it in the database.
    expect(await server.api.store.db.selectFrom('image_files').select('image_id').execute()).toEqual([]);

    const created = await http<{ artifact: { _id: string } }>(`${server.url}/api/artifacts`, {
      method: 'POST',
      headers: alice.auth,
      json: artifact(uploaded.body.url),
    });
    expect(created.status).toBe(201);
    await http(`${server.url}/api/artifacts/${created.body.artifact._id}`, {
      method: 'DELETE',
      headers: alice.auth,
    });
    expect((await fetch(`${s3.url}/${s3.bucket}/site/images/${id}/1000.webp`)).status).toBe(404);
    expect((await fetch(uploaded.body.url)).status).toBe(404);
    await server.close();
  });

  it('with S3_PUBLIC_URL, names the bucket (or the CDN in front of it) as the photos’ address', async () => {
    const publicUrl = `${s3.url}/${s3.bucket}/site`;
    server = await startTestApi('pglite', photosEnv({ S3_PUBLIC_URL: publicUrl }));
    const uploaded = await upload(server.url);
    expect(uploaded.body.url).toMatch(new RegExp(`^${publicUrl}/images/[0-9a-f-]{36}/1000\\.webp$`));
    expect((await fetch(uploaded.body.url)).status).toBe(200);
    // An artifact may show it: the API knows its own photos by that address too.
    const created = await http<{ artifact: { image: string } }>(`${server.url}/api/artifacts`, {
      method: 'POST',
      headers: alice.auth,
      json: artifact(uploaded.body.url),
    });
    expect(created.status).toBe(201);
    expect(created.body.artifact.image).toBe(uploaded.body.url);
    const row = await server.api.store.db
      .selectFrom('artifacts')
      .select('image_id')
      .where('name', '=', 'Tin soldier')
      .executeTakeFirst();
    expect(row?.image_id).toBe(parseUploadedImageUrl(uploaded.body.url)!.id);
  });

  it('storage down: an upload is a 503 that says so and stores nothing, the collection is still served; back: uploads work', async () => {
    await server?.close();
    server = await startTestApi('pglite', photosEnv());
    const before = await server.api.store.db.selectFrom('images').select('id').execute();
    await s3.stop();
    try {
      const refused = await upload(server.url);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ success: false, message: SERVICE_UNAVAILABLE['object storage'] });
      expect(await server.api.store.db.selectFrom('images').select('id').execute()).toEqual(before);
      expect((await http(`${server.url}/api/artifacts`)).status).toBe(200);
    } finally {
      await s3.start();
    }
    expect((await upload(server.url)).status).toBe(201);
  });
});

describe.each(BACKENDS)('storage down while photos are removed, on %s', (backend) => {
  let server: TestApi;
  beforeAll(async () => {
    server = await startTestApi(backend, photosEnv());
  });
  afterAll(async () => {
    await s3.start();
    await server?.close();
  });

  const bucketCopies = (photoUrl: string) =>
    uploadedImageSrcSet(photoUrl)!
      .split(', ')
      .map((entry) => {
        const width = entry.split(' ')[1]!.slice(0, -1);
        return `${s3.url}/${s3.bucket}/site/images/${parseUploadedImageUrl(photoUrl)!.id}/${width}.webp`;
      });
  const statuses = (urls: string[]) => Promise.all(urls.map(async (each) => (await fetch(each)).status));
  const outbox = async () =>
    (await server.api.store.db.selectFrom('photo_removals').select('image_id').execute()).map(
      (row) => row.image_id,
    );

  it('a delete commits and answers 200, its copies wait in the outbox unserved, and are swept once storage is back', async () => {
    const member = await signUp('Storage Fault Member');
    const photos: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'p.jpg');
      const uploaded = await http<{ url: string }>(`${server.url}/api/images`, {
        method: 'POST',
        headers: member.auth,
        body: form,
      });
      expect(uploaded.status).toBe(201);
      photos.push(uploaded.body.url);
    }
    const [artifactPhoto, unusedPhoto] = photos as [string, string];
    const created = await http<{ artifact: { _id: string } }>(`${server.url}/api/artifacts`, {
      method: 'POST',
      headers: member.auth,
      json: artifact(artifactPhoto),
    });
    expect(created.status).toBe(201);
    for (const url of photos)
      expect(await statuses(bucketCopies(url))).toEqual(bucketCopies(url).map(() => 200));

    await s3.stop();
    try {
      // The artifact's delete: committed, and told so (not "the database is unavailable ... try again").
      const deleted = await http(`${server.url}/api/artifacts/${created.body.artifact._id}`, {
        method: 'DELETE',
        headers: member.auth,
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect((await http(`${server.url}/api/artifacts/${created.body.artifact._id}`)).status).toBe(404);
      // Closing the account, with the photo no artifact shows: done, and said so.
      const closed = await http<{ photosReleased: number }>(`${server.url}/api/me`, {
        method: 'DELETE',
        headers: member.auth,
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body.photosReleased).toBe(1);
      const ids = photos.map((url) => parseUploadedImageUrl(url)!.id);
      expect((await outbox()).sort()).toEqual([...ids].sort());
      // A sweep while storage is still away removes nothing and says so in the log, not in an answer.
      await expect(server.api.store.images.sweepRemovals()).rejects.toMatchObject({
        service: 'object storage',
      });
    } finally {
      await s3.start();
    }

    // Storage is back with the copies still in it; the API serves none of them, before or after the sweep.
    expect(await statuses(bucketCopies(unusedPhoto))).toContain(200);
    for (const url of photos) expect((await fetch(url)).status).toBe(404);
    // The first sweep's claim holds its rows for a while; the next process's sweep (or this one's) takes them after.
    await server.api.store.db
      .updateTable('photo_removals')
      .set({ attempt_after: new Date(0) })
      .execute();
    // Two sweepers at once (two API processes): each row is claimed by one of them.
    const swept = await Promise.all([
      server.api.store.images.sweepRemovals(),
      server.api.store.images.sweepRemovals(),
    ]);
    expect(swept[0] + swept[1]).toBe(2);
    expect(await outbox()).toEqual([]);
    for (const url of photos) {
      expect(await statuses(bucketCopies(url))).toEqual(bucketCopies(url).map(() => 404));
      expect((await fetch(url)).status).toBe(404);
    }
  });
});

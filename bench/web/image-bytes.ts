/**
 * Image bytes of the pages that show members' photos (issue #28): All Artifacts and a details page, at phone and
 * desktop widths, before and after photo upload, in the same run and the same collection.
 *
 * - before: what Add took until uploads existed: the member hosts the camera's original JPEG somewhere and types its
 *   URL (here the floor's static server hosts it), so every page downloads the original, whatever the screen;
 * - after: the same photo uploaded (POST /api/images): re-encoded copies in `srcset`, so each screen takes the copy
 *   its layout needs.
 *
 * The photos are made here (e2e/fixtures/photos.ts): 3000 x 2000 pixels of fine texture, a camera original's size
 * and detail.
 * Counted: the bytes of the photos' responses (body size), after the page has scrolled to its end, so lazy cards
 * load too. The starter collection (SVG drawings: one small file fits every width) is left out by the search.
 */
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JourneyAccount } from '../../e2e/fixtures/identity.ts';
import type { StorageState } from '../../e2e/fixtures/member-session.ts';

const { api } = await import('../../e2e/fixtures/api-client.ts');
const { cameraPhoto } = await import('../../e2e/fixtures/photos.ts');

const PHOTOS = 6;
const VIEWPORTS: Record<'phone' | 'desktop', BrowserContextOptions> = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};
const SETS = { before: 'Bench Photo hosted', after: 'Bench Photo uploaded' } as const;

export interface ImageBytesRow {
  page: string;
  viewport: keyof typeof VIEWPORTS;
  before: number;
  after: number;
}

export interface ImageBytesSetup {
  shellUrl: string;
  apiUrl: string;
  /** A folder the floor server serves, and its URL: the "before" photos are hosted there. */
  floorDir: string;
  floorUrl: string;
  member: JourneyAccount;
  storage: StorageState;
}

async function uploadPhoto(apiUrl: string, token: string, photo: Buffer): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${apiUrl}/api/images`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { url?: string; message?: string };
  if (response.status !== 201 || !body.url)
    throw new Error(`upload failed: ${response.status} ${body.message}`);
  return body.url;
}

/**
 * The public-looking name the "before" photos are typed under: the API refuses Image URLs on local hosts, so the
 * floor's static server is named so, and the bench's browser resolves the name to it (BROWSER_ARGS in run.ts).
 */
export const TYPED_PHOTO_HOST = 'photos.bench.test';

/** Adds the two sets of artifacts; returns the id of each set's first one, for its details page. */
async function addPhotoArtifacts(setup: ImageBytesSetup): Promise<Record<keyof typeof SETS, string>> {
  mkdirSync(join(setup.floorDir, 'photos'), { recursive: true });
  const first: Partial<Record<keyof typeof SETS, string>> = {};
  for (let index = 1; index <= PHOTOS; index += 1) {
    const photo = await cameraPhoto({ seed: index });
    writeFileSync(join(setup.floorDir, 'photos', `camera-${index}.jpg`), photo);
    const images = {
      before: Object.assign(new URL(`photos/camera-${index}.jpg`, setup.floorUrl), {
        hostname: TYPED_PHOTO_HOST,
      }).href,
      after: await uploadPhoto(setup.apiUrl, setup.member.idToken, photo),
    };
    for (const set of ['before', 'after'] as const) {
      const artifact = await api.createArtifact(setup.member.idToken, {
        name: `${SETS[set]} ${index}`,
        image: images[set],
        type: 'Art',
      });
      first[set] ??= artifact._id;
    }
  }
  return first as Record<keyof typeof SETS, string>;
}

/** The bytes of the members' photos a page downloads at one screen size, after scrolling to its end. */
async function photoBytes(
  browser: Browser,
  setup: ImageBytesSetup,
  options: BrowserContextOptions,
  url: string,
) {
  const context = await browser.newContext({ ...options, storageState: setup.storage });
  try {
    const page = await context.newPage();
    const sizes: Array<Promise<number>> = [];
    page.on('requestfinished', (request) => {
      if (/\/photos\/camera-\d+\.jpg$|\/images\/[0-9a-f-]{36}\/\d+\.webp$/.test(request.url()))
        sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    for (
      let y = 0;
      y < 20 && (await page.evaluate(() => innerHeight + scrollY < document.body.scrollHeight));
      y += 1
    ) {
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(150);
    }
    await page.waitForLoadState('networkidle');
    return (await Promise.all(sizes)).reduce((sum, bytes) => sum + bytes, 0);
  } finally {
    await context.close();
  }
}

export async function measureImageBytes(browser: Browser, setup: ImageBytesSetup): Promise<ImageBytesRow[]> {
  const detailsOf = await addPhotoArtifacts(setup);
  const pages = [
    {
      page: `All Artifacts (${PHOTOS} photos)`,
      url: (set: keyof typeof SETS) => `/all-artifacts?q=${encodeURIComponent(SETS[set])}`,
    },
    { page: 'Artifact Details', url: (set: keyof typeof SETS) => `/artifact-details/${detailsOf[set]}` },
  ];
  const rows: ImageBytesRow[] = [];
  for (const { page, url } of pages) {
    for (const viewport of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
      const bytes = async (set: keyof typeof SETS) =>
        photoBytes(browser, setup, VIEWPORTS[viewport], `${setup.shellUrl}${url(set)}`);
      rows.push({ page, viewport, before: await bytes('before'), after: await bytes('after') });
    }
  }
  return rows;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function imageBytesTable(rows: readonly ImageBytesRow[]): string[] {
  return [
    '| page | screen | before: the original JPEG at a URL | after: uploaded, `srcset` | after / before |',
    '|---|---|--:|--:|--:|',
    ...rows.map(
      (row) =>
        `| ${row.page} | ${row.viewport} | ${kb(row.before)} | ${kb(row.after)} | ${(row.after / row.before).toFixed(3)} |`,
    ),
  ];
}

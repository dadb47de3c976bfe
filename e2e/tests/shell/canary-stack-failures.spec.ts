/**
 * Canary releases and release health (issue #56), on the failures stack (its own releases folder and API): a canary
 * of the catalogue at 50 % goes to the visitors whose bucket cookie falls in its share, each keeping their release on
 * every load and across pages; a canary whose page throws is reported by the shell's telemetry and taken out by the
 * watcher (`pnpm modules watch`'s rule, deploy/modules/release-watch.ts) once it has its views, and its visitors get
 * the live release on their next load. Nothing is rebuilt or restarted but the releases.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import {
  canary,
  promote,
  release,
  remoteNamed,
  status,
  writeRemotesJson,
} from '../../../deploy/modules/releases.ts';
import { fetchReleaseHealth, healthOf, watchOnce } from '../../../deploy/modules/release-watch.ts';
import { BUCKET_COOKIE, bucketOf, newBucketToken } from '../../../render/src/release-choice.ts';
import { releasesDir } from '../../../shared-ui/vite-config/live-releases.ts';
import { withRemoteVariant } from '../../fixtures/remote-deploy.ts';
import { expect, test } from '../../fixtures/test.ts';

const catalogue = remoteNamed('mf-catalogue');
const ABOUT = { level: 1, name: 'About Heritage Vault' } as const;

/** A visitor token whose catalogue bucket is in a 50 % canary's share (true) or out of it. */
function tokenFor(inCanary: boolean): string {
  for (;;) {
    const token = newBucketToken();
    if (bucketOf(token, catalogue.name) < 5000 === inCanary) return token;
  }
}

/** Which catalogue release each load of the page used: the manifest it fetched names it in its path. */
function catalogueReleasesOf(page: Page): string[] {
  const loaded: string[] = [];
  page.on('response', (response) => {
    const match = /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(new URL(response.url()).pathname);
    if (match && response.ok() && response.url().includes(`:${process.env.CATALOGUE_PORT}/`))
      loaded.push(match[1]!);
  });
  return loaded;
}

async function asVisitor(context: BrowserContext, token: string, baseURL: string): Promise<void> {
  await context.addCookies([{ name: BUCKET_COOKIE, value: token, url: baseURL }]);
}

/** The catalogue's live release for these journeys: built once. */
let live: string | undefined;
const liveRelease = () => (live ??= release(catalogue).version);

test.afterAll(() => {
  // The stack's other journeys load each module's own build again.
  const file = join(releasesDir(), 'live.json');
  if (existsSync(file)) rmSync(file);
  writeRemotesJson();
});

test(
  'a canary at 50 %: visitors with different buckets get different releases, each the same on every load and page',
  { tag: ['@shell', '@catalogue'] },
  async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const stamp = `Catalogue canary ${Date.now()}`;
    const next = withRemoteVariant(
      'mf_catalogue',
      'src/pages/about/about-page.tsx',
      (source) =>
        source.replace(
          '<PageHeader title={ABOUT_TITLE}',
          `<p>${stamp}</p>\n      <PageHeader title={ABOUT_TITLE}`,
        ),
      (copy) => release(catalogue, process.env, copy),
    );
    promote(catalogue, liveRelease());
    canary(catalogue, next.version, 50);
    expect(status().mf_catalogue).toMatchObject({
      live: liveRelease(),
      canary: { version: next.version, percent: 50 },
    });

    const inCanary = page;
    await asVisitor(inCanary.context(), tokenFor(true), baseURL!);
    const otherContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    try {
      await asVisitor(otherContext, tokenFor(false), baseURL!);
      const onLive = await otherContext.newPage();
      const visitors = [
        { page: inCanary, release: next.version, stamped: 1, loaded: catalogueReleasesOf(inCanary) },
        { page: onLive, release: liveRelease(), stamped: 0, loaded: catalogueReleasesOf(onLive) },
      ];
      for (const visitor of visitors) {
        await visitor.page.goto('/about');
        await expect(visitor.page.getByRole('heading', ABOUT)).toBeVisible();
        await expect(visitor.page.getByText(stamp)).toHaveCount(visitor.stamped);
        // Home and back, then a reload: the same release each time.
        await visitor.page.goto('/');
        await visitor.page.goto('/about');
        await visitor.page.reload();
        await expect(visitor.page.getByRole('heading', ABOUT)).toBeVisible();
        await expect(visitor.page.getByText(stamp)).toHaveCount(visitor.stamped);
        expect(new Set(visitor.loaded)).toEqual(new Set([visitor.release]));
      }
      // A second tab of the same visitor: the same cookie, the same release.
      const secondTab = await otherContext.newPage();
      await secondTab.goto('/about');
      await expect(secondTab.getByRole('heading', ABOUT)).toBeVisible();
      await expect(secondTab.getByText(stamp)).toHaveCount(0);
    } finally {
      await otherContext.close();
    }

    // A new visitor is given a bucket by their first page load (with its remotes.json).
    const fresh = await browser.newContext({ baseURL });
    try {
      await (await fresh.newPage()).goto('/about');
      // The shell's code asks for remotes.json as it starts, which may be after the page's load event.
      await expect
        .poll(
          async () => (await fresh.cookies()).find((cookie) => cookie.name === BUCKET_COOKIE)?.value ?? '',
        )
        .toMatch(/^[A-Za-z0-9_-]{16,}$/);
    } finally {
      await fresh.close();
    }
  },
);

test(
  'a canary whose page throws is taken out by the watcher after its minimum of views; its visitors get the live release on their next load',
  { tag: ['@shell', '@catalogue'] },
  async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const broken = withRemoteVariant(
      'mf_catalogue',
      'src/pages/about/about-page.tsx',
      (source) =>
        `import { useEffect } from 'react';\n${source.replace(
          'export default function AboutPage() {',
          "export default function AboutPage() {\n  useEffect(() => {\n    throw new Error('This canary is broken');\n  }, []);",
        )}`,
      (copy) => release(catalogue, process.env, copy),
    );
    // Live already when the journey before ran.
    if (status().mf_catalogue.live !== liveRelease()) promote(catalogue, liveRelease());
    canary(catalogue, broken.version, 50);
    const since = new Date(status().mf_catalogue.canary!.since);
    const settings = { ...process.env, CANARY_MIN_VIEWS: '4' };
    await asVisitor(page.context(), tokenFor(true), baseURL!);
    const loaded = catalogueReleasesOf(page);

    const canaryViews = async () =>
      healthOf(await fetchReleaseHealth(since), catalogue.name, broken.version)?.views ?? 0;
    for (let view = 1; view <= 4; view++) {
      await page.goto('/about');
      await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
      // Too few views yet: the watcher leaves it out. (The views arrive as each page is left.)
      if (view === 3) {
        // Left for a page of the shell's own (Login): the catalogue's Home would be a view of the canary too.
        await page.goto('/login');
        await expect.poll(canaryViews, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
        expect(await watchOnce(settings)).toEqual([]);
      }
    }
    await page.goto('/login');
    await expect.poll(canaryViews, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    const health = healthOf(await fetchReleaseHealth(since), catalogue.name, broken.version)!;
    expect(health.errorRate).toBe(1);
    expect(health.errors['error-boundary']).toBeGreaterThanOrEqual(4);

    expect(await watchOnce(settings)).toEqual([
      expect.stringContaining(`mf-catalogue: canary ${broken.version} taken out at `),
    ]);
    expect(status().mf_catalogue).toMatchObject({
      live: liveRelease(),
      canary: null,
      canaryEnded: {
        version: broken.version,
        reason: expect.stringMatching(/^automatic rollback: error rate 100\.0 %/),
      },
    });

    await page.goto('/about');
    await expect(page.getByRole('heading', ABOUT)).toBeVisible();
    expect(loaded.at(-1)).toBe(liveRelease());
  },
);

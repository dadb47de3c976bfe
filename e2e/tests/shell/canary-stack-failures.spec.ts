/**
 * Canary releases and release health (issue #56): a canary of the catalogue at 50 % goes to the visitors whose bucket
 * cookie falls in its share, each keeping their release on every load and across pages, the page the server renders
 * drawn by it (hydrated with no error, through nginx's micro-cache on the production topology); at 100 % and promoted,
 * everyone's; a canary whose page throws is reported by the shell's telemetry, which moves `pnpm modules status
 * --json`'s figures, and taken out by the watcher (`pnpm modules watch`'s rule, deploy/modules/release-watch.ts) once it
 * has its views, and its visitors get the live release on their next load. Nothing is rebuilt or restarted but the
 * releases. On the failures stack (its own releases folder and API; its pages client-rendered), and, tagged
 * @releases, against `pnpm start` and `pnpm start:production` in their releases folders (project 'releases').
 */
import { execFileSync } from 'node:child_process';
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
import { RENDERED_STATE_ID } from '../../../shell/src/server/rendered-state.ts';
import { ROOT } from '../../../stack/stack.ts';
import { releasesDir } from 'site-config/live-releases';
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

/**
 * The errors a page meets, hydration's among them (React reports a server's HTML it must draw again in the browser);
 * not a picture that cannot load (parallel journeys' artifacts name unreachable ones).
 */
function pageErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on(
    'console',
    (message) =>
      message.type() === 'error' &&
      !message.text().startsWith('Failed to load resource') &&
      errors.push(message.text()),
  );
  return errors;
}

/** Whether the server rendered a page's HTML, and whether it carries `stamp`. */
const drawn = (html: string, stamp: string) => ({
  rendered: html.includes(`id="${RENDERED_STATE_ID}"`),
  stamped: html.includes(stamp),
});

/** The About page as the site served it to the page's visitor, opened in the page. */
const servedAbout = async (page: Page, stamp: string) =>
  drawn(await (await page.goto('/about'))!.text(), stamp);

/**
 * Waits until the site serves the page's visitor About as drawn by the release carrying `stamp` (or by none, with
 * `stamped` false), asked without opening it: after the releases change, nginx may still serve a visitor's page of
 * before, for its few seconds (PAGE_CACHE_SECONDS, deploy/nginx/render.ts) or once more, stale, while it asks for the
 * new one. Client-rendered pages carry no release.
 */
async function waitForServedAbout(page: Page, stamp: string, stamped: boolean): Promise<void> {
  await expect
    .poll(
      async () => {
        const served = drawn(await (await page.request.get('/about')).text(), stamp);
        return !served.rendered || served.stamped === stamped;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** `pnpm modules status --json`, as a team runs it against this site's releases and API. */
const statusJson = () =>
  JSON.parse(
    execFileSync('pnpm', ['--silent', 'modules', 'status', '--json'], {
      cwd: ROOT,
      env: process.env,
      encoding: 'utf8',
    }),
  ) as Record<string, { health: { canary: { views: number; errorRate: number } | null } }>;

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
  'a canary at 50 %: visitors with different buckets get different releases, each the same on every load and page; at 100 % and promoted, everyone gets it',
  { tag: ['@shell', '@catalogue', '@releases'] },
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
      ].map((visitor) => ({ ...visitor, errors: pageErrorsOf(visitor.page) }));
      // Each visitor's page as the server drew it, one after the other within nginx's micro-cache (a few seconds):
      // each gets their own release's, and hydrates it with no error. About as kept from before the canary (an
      // earlier journey's visit) may be served to anyone for those seconds first.
      for (const visitor of visitors) {
        await waitForServedAbout(visitor.page, stamp, visitor.stamped === 1);
        const served = await servedAbout(visitor.page, stamp);
        if (served.rendered) expect(served.stamped).toBe(visitor.stamped === 1);
        await expect(visitor.page.getByRole('heading', ABOUT)).toBeVisible();
        await expect(visitor.page.getByText(stamp)).toHaveCount(visitor.stamped);
        expect(visitor.errors).toEqual([]);
      }
      for (const visitor of visitors) {
        // Home and back, then a reload: the same release each time.
        await visitor.page.goto('/');
        await visitor.page.goto('/about');
        await visitor.page.reload();
        await expect(visitor.page.getByRole('heading', ABOUT)).toBeVisible();
        await expect(visitor.page.getByText(stamp)).toHaveCount(visitor.stamped);
        expect(new Set(visitor.loaded)).toEqual(new Set([visitor.release]));
        expect(visitor.errors).toEqual([]);
      }
      // A second tab of the same visitor: the same cookie, the same release.
      const secondTab = await otherContext.newPage();
      await secondTab.goto('/about');
      await expect(secondTab.getByRole('heading', ABOUT)).toBeVisible();
      await expect(secondTab.getByText(stamp)).toHaveCount(0);

      // At 100 %, then promoted: everyone gets it, the live visitor included, on their next load.
      canary(catalogue, next.version, 100);
      await waitForServedAbout(onLive, stamp, true);
      await onLive.goto('/about');
      await expect(onLive.getByText(stamp)).toBeVisible();
      expect(promote(catalogue, next.version)).toMatchObject({ live: next.version });
      expect(status().mf_catalogue).toMatchObject({ live: next.version, canary: null });
      for (const visitor of visitors) {
        await waitForServedAbout(visitor.page, stamp, true);
        // The first load after a release change may still be nginx's stale copy of before, which the browser draws
        // again with its release (a recoverable hydration error): the one after hydrates what it is served.
        await visitor.page.reload();
        visitor.errors.length = 0;
        await visitor.page.reload();
        await expect(visitor.page.getByText(stamp)).toBeVisible();
        expect(visitor.loaded.at(-1)).toBe(next.version);
        expect(visitor.errors).toEqual([]);
      }
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
  'a canary whose page throws is reported, moving status --json, taken out by the watcher after its minimum of views; its visitors get the live release on their next load',
  { tag: ['@shell', '@catalogue', '@releases'] },
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
    // What a team reads: status --json's figures for the canary, from the same telemetry.
    const figures = statusJson().mf_catalogue!.health.canary!;
    expect(figures.errorRate).toBe(1);
    expect(figures.views).toBeGreaterThanOrEqual(4);

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

/**
 * Issue #9, size budgets: each route's critical-path JavaScript (bench/web/critical-path.ts: what is requested
 * before the route's main heading is inserted, compressed as served, minus Firebase on public routes) must stay
 * within its budget in bench/web/budgets.ts. Loaded cold, in a fresh context; a size is deterministic for a given
 * build, so this is a test; timings are the web benchmark's business (bench/web/run.ts), not a journey's.
 */
import type { Browser } from '@playwright/test';
import { JS_BUDGETS } from '../../../bench/web/budgets.ts';
import { criticalPathJs, fileName, kb, loadRoute } from '../../../bench/web/critical-path.ts';
import { benchRoute, type RouteIds } from '../../../bench/web/routes.ts';
import { api } from '../../fixtures/api-client.ts';
import { createAccount } from '../../fixtures/identity.ts';
import { memberSession, type StorageState } from '../../fixtures/member-session.ts';
import { expect, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';

/** Public routes are loaded signed out, as a first visit; these protected ones signed in. */
const PUBLIC = ['/', '/all-artifacts', '/about', '/contact', '/login', '/register', '*'];
const SIGNED_IN = ['/artifact-details/:id', '/my-artifacts', '/profile', '/add-artifact'];

async function checkBudget(
  browser: Browser,
  baseURL: string,
  pattern: string,
  ids: RouteIds,
  storage?: StorageState,
) {
  const route = benchRoute(pattern);
  const budget = JS_BUDGETS[pattern];
  expect(budget, `a budget for ${pattern} in bench/web/budgets.ts`).toBeDefined();
  const path = route.path(ids);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    storageState: storage,
  });
  try {
    const page = await context.newPage();
    const load = await loadRoute(context, page, path);
    expect(new URL(load.finalUrl).pathname, 'the route rendered, not a redirect').toBe(path);
    const live = criticalPathJs(load.recorder.requests.values(), load.probe, {
      needsMember: route.needsMember,
      until: 'live',
    });
    const listing = live.files.map((f) => `${kb(f.bytes).padStart(9)}  ${fileName(f.url, 90)}`);
    await test.info().attach(`live-page JS of ${pattern}`, {
      body: `${kb(live.bytes)} in ${live.files.length} files (budget ${kb(budget!)}):\n${listing.join('\n')}\n`,
      contentType: 'text/plain',
    });
    test.info().annotations.push({
      type: 'live-page JS',
      description: `${pattern}: ${kb(live.bytes)} of ${kb(budget!)}`,
    });
    expect(
      live.bytes,
      `${pattern}: ${kb(live.bytes)} of live-page JavaScript, budget ${kb(budget!)} (bench/web/budgets.ts). ` +
        `Biggest files:\n${listing.slice(0, 8).join('\n')}\n`,
    ).toBeLessThanOrEqual(budget!);
  } finally {
    await context.close();
  }
}

test.describe('Live-page JavaScript budgets', { tag: ['@shell', VIEWPORT_INDEPENDENT] }, () => {
  for (const pattern of PUBLIC) {
    test(`${pattern} stays within its budget`, async ({ browser, baseURL }) => {
      await checkBudget(browser, baseURL!, pattern, { artifactId: '' });
    });
  }

  for (const pattern of SIGNED_IN) {
    test(`${pattern} (signed in) stays within its budget`, async ({ browser, baseURL }) => {
      const member = await createAccount();
      const [starter] = await api.starterArtifacts();
      const storage = await memberSession(baseURL!, member);
      await checkBudget(browser, baseURL!, pattern, { artifactId: starter!._id }, storage);
    });
  }
});

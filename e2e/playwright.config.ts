/**
 * The cross-module journeys: one config, two viewports, against the real stack (built shell and remotes, the
 * API on a fresh PGlite database, the Auth Emulator) started by the global set-up, and the failure modes on a
 * second such stack. With E2E_BASE_URL (stack/target.ts) they run against that deployment instead and start nothing:
 * the failure modes skip, and the nginx projects, which serve the suite's own builds, are left out; with
 * E2E_RELEASES_DIR too, the project 'releases' runs the release journeys there.
 */
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { VIEWPORT_INDEPENDENT, type WorkerFixtures } from './fixtures/test.ts';
import { nginxSiteUrls, stackEnvOf } from './stack/journey-stacks.ts';
import { stackUrls } from '../stack/stack.ts';
import { deploymentUnderTest, journeyTarget } from './stack/target.ts';

const deployment = deploymentUnderTest();
const shellUrl = journeyTarget().shell;
/**
 * A run against a deployment keeps its results and report apart from the suite's own run, and apart from another
 * deployment's when E2E_OUTPUT_NAME names it (`pnpm test` runs two: 'deployment' and 'production').
 */
const outputName = deployment ? `-${process.env.E2E_OUTPUT_NAME || 'deployment'}` : '';
const outputs = { results: `./test-results${outputName}`, report: `playwright-report${outputName}` };
/**
 * What runs through the suite's own nginx site: the serving checks. The page journeys run through nginx with the shipped
 * configuration in the production pass (`pnpm test` runs the desktop journeys against `pnpm start:production`), so
 * running them here too only doubled the time.
 */
const NGINX_JOURNEYS = /qa\/(static-serving|web-server)\.spec\.ts$/;
const failuresStackUrls = stackUrls({ ...process.env, ...stackEnvOf('failures') });

/**
 * Headless runs use Chromium's headless shell, the kind of browser Playwright itself runs headless: the journeys take
 * a third less time than in the full browser. A headed or debugging run needs the full browser. The flags are only
 * on the command line of the main process; its workers inherit the environment.
 */
if (['--headed', '--debug', '--ui'].some((flag) => process.argv.includes(flag))) process.env.E2E_HEADED = '1';
const chromium =
  process.env.CHROMIUM_PATH ??
  (process.env.E2E_HEADED === '1' || process.env.PWDEBUG
    ? '/usr/bin/chromium'
    : '/usr/bin/chromium-headless-shell');

/** The same builds behind nginx with the shipped configuration, the Content-Security-Policy enforced as on any project. */
const NGINX_PROJECTS: NonNullable<PlaywrightTestConfig<object, WorkerFixtures>['projects']> = [
  {
    name: 'nginx',
    testMatch: NGINX_JOURNEYS,
    testIgnore: /stack-failures/,
    use: { viewport: { width: 1280, height: 800 }, baseURL: nginxSiteUrls().shell },
  },
];

export default defineConfig<object, WorkerFixtures>({
  testDir: './tests',
  outputDir: outputs.results,
  globalSetup: deployment ? undefined : './stack/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // A failing journey runs once more, recording a trace and a video: recording every journey doubled the suite's
  // time. Passing only on that second try still fails the run.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: outputs.report, open: 'never' }],
    ['json', { outputFile: `${outputs.results}/results.json` }],
    // After 'html', which empties its folder: the page gallery's screenshots, by viewport (e2e/playwright-report/pages/).
    ['./stack/page-gallery-reporter.ts', { outputFolder: `${outputs.report}/pages` }],
  ],
  use: {
    baseURL: shellUrl,
    // The journeys check what pages do, not how they move: they browse as a member who asks for reduced motion,
    // which the site honours (shared-ui's global style). Headless Chromium rasters every animation frame on the
    // CPU, and that cost Chromium a sixth of its CPU time in the journeys. Home's journey checks the motion itself.
    reducedMotion: 'reduce',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    video: 'on-first-retry',
    launchOptions: {
      executablePath: chromium,
      // The machine has no internet: keep Chromium from reaching for Google's services.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Journeys that stop and restart servers, one at a time on a stack of their own (stack/journey-stacks.ts):
    // they run alongside the others without disturbing them. First in the list, so the longest chain starts first.
    {
      name: 'stack-failures',
      testMatch: /stack-failures/,
      fullyParallel: false,
      workers: 1,
      use: {
        viewport: { width: 1280, height: 800 },
        baseURL: deployment ? shellUrl : failuresStackUrls.shell,
        journeyStack: 'failures',
      },
    },
    {
      name: 'desktop',
      testIgnore: /stack-failures|web-server/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testIgnore: /stack-failures|web-server/,
      // Checked once, at desktop: the journeys whose subject does not change with the screen (fixtures/test.ts).
      grepInvert: new RegExp(VIEWPORT_INDEPENDENT),
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    ...(deployment ? [] : NGINX_PROJECTS),
    // A deployment on this machine whose releases folder the journeys may use (E2E_RELEASES_DIR, `pnpm start` and
    // `pnpm start:production`): the release and canary journeys that need only that, after the desktop journeys,
    // whose pages they would otherwise change under them.
    ...(deployment?.releasesDir
      ? [
          {
            name: 'releases',
            testMatch: /(releases|canary)-stack-failures\.spec\.ts$/,
            grep: /@releases/,
            dependencies: ['desktop'],
            workers: 1,
            use: { viewport: { width: 1280, height: 800 } },
          },
        ]
      : []),
  ],
});

/**
 * The cross-module journeys: one config, two viewports, against the real stack (built shell and remotes, the
 * API on a fresh PGlite database, the Auth Emulator) started by the global set-up.
 */
import { defineConfig } from '@playwright/test';
import { stackUrls } from './stack/stack.ts';

const urls = stackUrls();

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './stack/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    ['json', { outputFile: 'test-results/results.json' }],
    // After 'html', which empties its folder: the page gallery's screenshots, by viewport (e2e/playwright-report/pages/).
    ['./stack/page-gallery-reporter.ts', { outputFolder: 'playwright-report/pages' }],
  ],
  use: {
    baseURL: urls.shell,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: process.env.E2E_VIDEO === 'off' ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machine has no internet: keep Chromium from reaching for Google's services.
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: /stack-failures/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      testIgnore: /stack-failures/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    // Journeys that stop and restart servers run last, one at a time, so they never disturb the others.
    {
      name: 'stack-failures',
      testMatch: /stack-failures/,
      dependencies: ['desktop', 'phone'],
      fullyParallel: false,
      workers: 1,
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
});

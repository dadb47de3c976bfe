import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Two cores: one test file at a time per core; each file starts its own API and databases.
    maxWorkers: 2,
    // Its own group, after the component tests: vitest runs projects with different worker limits in groups.
    sequence: { groupOrder: 1 },
    testTimeout: 120_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
  },
});

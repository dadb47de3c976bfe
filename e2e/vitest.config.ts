import { defineConfig } from 'vitest/config';

// The e2e package's own unit tests: the spec-coverage check, the stack's helpers and the web benchmark's, which
// shares the journeys' page probe (the Playwright journeys run with `pnpm test:e2e`).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['spec-coverage/**/*.test.ts', 'stack/**/*.test.ts', '../bench/web/**/*.test.ts'],
    // Listing the journeys (`playwright test --list`) takes a few seconds on a busy two-core machine.
    testTimeout: 30_000,
  },
});

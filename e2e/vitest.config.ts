import { defineConfig } from 'vitest/config';

// The e2e package's own unit tests: the spec-coverage check and the stack's helpers (the Playwright journeys run
// with `pnpm test:e2e`).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['spec-coverage/**/*.test.ts', 'stack/**/*.test.ts'],
    // Listing the journeys (`playwright test --list`) takes a few seconds on a busy two-core machine.
    testTimeout: 30_000,
  },
});

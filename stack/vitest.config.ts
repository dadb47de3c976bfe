import { defineConfig } from 'vitest/config';

// The launcher's own unit tests.
export default defineConfig({
  test: { name: 'stack', environment: 'node', include: ['**/*.test.ts'] },
});

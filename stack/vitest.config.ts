import { defineConfig } from 'vitest/config';

// The launcher's own unit tests. The production topology's fault tests serve the built site: `pnpm test` runs them
// after the build (production/faults.vitest.config.ts).
export default defineConfig({
  test: {
    name: 'stack',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', 'production/production-faults.test.ts'],
  },
});

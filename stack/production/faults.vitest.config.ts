import { defineConfig } from 'vitest/config';

// The production topology under faults (production-faults.test.ts) serves the built site, so `pnpm test` runs it
// after the production build: `pnpm exec vitest run -c stack/production/faults.vitest.config.ts`.
export default defineConfig({
  root: import.meta.dirname,
  test: { name: 'production-faults', environment: 'node', include: ['production-faults.test.ts'] },
});

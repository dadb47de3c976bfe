import { defineConfig } from 'vitest/config';

// The topology's and the build tooling's unit tests (Node: no page is rendered here).
export default defineConfig({
  test: {
    name: 'site-config',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});

import { defineConfig } from 'vitest/config';

// What a deployment runs, tested without running it: the rendered nginx configuration and module releases.
export default defineConfig({
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['**/*.test.ts'],
  },
});

import { defineConfig } from 'vitest/config';

// Pure functions and schemas: plain Node, no DOM.
export default defineConfig({
  test: { name: 'artifact-model', environment: 'node', include: ['src/**/*.test.ts'] },
});

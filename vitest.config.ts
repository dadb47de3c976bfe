import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every package's unit and integration tests.
export default defineConfig({
  test: {
    projects: ['shared-ui', 'shell', 'mf-catalogue', 'mf-artifact-editor', 'mf-account', 'api'].map(
      (dir) => `${dir}/vitest.config.ts`,
    ),
  },
});

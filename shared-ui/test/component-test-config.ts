/** The vitest config of every front-end package: component tests in happy-dom, beside the code they test. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export function componentTestConfig(name: string, include = ['src/**/*.test.{ts,tsx}']) {
  return defineConfig({
    plugins: [react()],
    test: {
      name,
      environment: 'happy-dom',
      // Each file in a worker thread of its own rather than a process: the same isolation, started sooner.
      pool: 'threads',
      include,
      setupFiles: [new URL('./setup.ts', import.meta.url).pathname],
      // Typing with user-event in happy-dom is slow when all packages' suites share two cores.
      testTimeout: 15_000,
    },
  });
}

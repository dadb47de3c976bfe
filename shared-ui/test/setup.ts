// Shared set-up for every package's component tests: unmount after each test and start from empty storage.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // A test of build code runs in Node (`@vitest-environment node`), which has no storage.
  globalThis.localStorage?.clear();
});

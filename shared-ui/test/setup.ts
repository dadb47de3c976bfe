// Shared set-up for every package's component tests: unmount after each test and start from empty storage.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

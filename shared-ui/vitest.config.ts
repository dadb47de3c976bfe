import { componentTestConfig } from './test/component-test-config.ts';

export default componentTestConfig('shared-ui', ['src/**/*.test.{ts,tsx}', 'vite-config/**/*.test.ts']);

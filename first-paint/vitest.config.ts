import { componentTestConfig } from '../shared-ui/test/component-test-config.ts';

export default componentTestConfig('first-paint', ['**/*.test.{ts,tsx}']);

import { componentTestConfig } from './test/component-test-config.ts';

export default componentTestConfig('shared-ui');

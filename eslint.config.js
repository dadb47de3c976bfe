import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One router for the whole site, the kit's own (shared-ui/src/routing): React Router is no longer a dependency, and a
// second router would not see the shell's router context.
const ONE_ROUTER = ['react-router', 'react-router-dom'].map((name) => ({
  name,
  message: "Import routing from 'shared-ui': the kit has its own router; React Router's context would be a different one.",
}));

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'e2e/playwright-report/**', 'e2e/test-results/**', 'e2e/.stack/**', 'e2e/.stack-failures/**', 'e2e/.stack-builds/**', 'bench/results/**', '.redeploy-*/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Playwright fixtures: `use` is Playwright's, not React's, and `{}` is how a fixture says it needs nothing.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: ONE_ROUTER }] },
  },
  {
    // Imports flow one way: a remote never imports the shell or another remote; only shared-ui is shared.
    files: ['mf-*/src/**/*.{ts,tsx}', 'shared-ui/src/**/*.{ts,tsx}', 'shared-ui/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ONE_ROUTER,
          patterns: [
            { group: ['**/shell/**', 'shell'], message: 'Remotes and shared-ui never import the shell.' },
            { group: ['**/mf-*/**', 'mf-*'], message: 'A remote never imports another remote; share through shared-ui.' },
          ],
        },
      ],
    },
  },
);

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// React Router travels inside the kit's singleton (shared-ui/src/router.ts), tree-shaken to what the apps use. An app
// that imported it directly would bundle a second copy, whose router context the shell's router never fills.
const ROUTER_FROM_KIT = ['react-router', 'react-router-dom'].map((name) => ({
  name,
  message:
    "Import React Router's components and hooks from 'shared-ui', so every app sees the shell's one router.",
}));

// The site's topology and build tooling is a package (site-config): everything imports it by name, not by a path into it.
const SITE_CONFIG_BY_NAME = {
  regex: '^(\\.\\.?/)+(.*/)?site-config/',
  message: "Import it by name: 'site-config/<module>'.",
};

// Imports flow one way: a remote never imports the shell or another remote; only shared-ui is shared.
const ONE_WAY_IMPORTS = [
  { group: ['**/shell/**', 'shell'], message: 'Remotes and shared-ui never import the shell.' },
  {
    group: ['**/mf-*/**', 'mf-*'],
    message: 'A remote never imports another remote; share through shared-ui.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // The shell's server build (render/src/page-body.ts, shellServerDist), as .gitignore says.
      '**/dist-server/**',
      '**/node_modules/**',
      '**/.data/**',
      // What the journeys write (reports, results, stacks and builds, the deployment run's too), as .gitignore says.
      'e2e/playwright-report*/**',
      'e2e/test-results*/**',
      'e2e/.stack*/**',
      'deploy/nginx/out/**',
      'releases/**',
      'bench/results/**',
      '.redeploy-*/**',
    ],
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
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['site-config/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SITE_CONFIG_BY_NAME] }] },
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: ROUTER_FROM_KIT, patterns: [SITE_CONFIG_BY_NAME] }],
    },
  },
  {
    files: ['mf-*/src/**/*.{ts,tsx}', 'shared-ui/src/**/*.{ts,tsx}', 'shared-ui/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ONE_WAY_IMPORTS,
        },
      ],
    },
  },
  {
    // Build and serving code: it knows the apps by their folders, never by import, and no page loads it. Of the kit it
    // reads only the shell-remote contract, which a remote's build writes into its manifest (published-pages.ts).
    files: ['site-config/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ONE_WAY_IMPORTS,
            {
              regex: '(^|/)shared-ui(?!/shell-remote-contract$)(/|$)',
              message:
                "site-config reads only the kit's shell-remote contract ('shared-ui/shell-remote-contract').",
            },
          ],
        },
      ],
    },
  },
  {
    // shared-ui is where React Router comes from (it re-exports it); the apps take it from there.
    files: ['mf-*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ROUTER_FROM_KIT,
          patterns: ONE_WAY_IMPORTS,
        },
      ],
    },
  },
);

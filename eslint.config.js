import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/**
 * The import boundaries of docs/ARCHITECTURE.md, enforced: domain imports nothing of ours; machines only
 * domain; src and server never import each other; a feature uses another only where listed below.
 */
const layer = (message, ...folders) => ({
  group: folders.flatMap((folder) => [`**/${folder}/**`, `../${folder}/*`, `./${folder}/*`]),
  message,
});
const boundary = (files, patterns, extra = {}) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns, ...extra }] },
});

/** Features that build on another feature's public pieces (the generic wizard, the invitation form, dates). */
const FEATURE_USES = {
  'pui-application': ['application-wizard'],
  'tur-application': ['application-wizard'],
  'admin-organizations': ['funds', 'application-wizard', 'receipts'],
  funds: ['receipts'],
  'organization-profile': ['invitations'],
  'review-survey': ['application-wizard'],
};
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = features.map((feature) => {
  const others = features.filter((other) => other !== feature && !(FEATURE_USES[feature] ?? []).includes(other));
  return boundary(
    [`src/features/${feature}/**`],
    [
      layer('src/ never imports the server: talk to it through src/api.', 'server'),
      ...(others.length > 0
        ? [
            {
              group: others.map((other) => `../${other}/*`),
              message: `Features do not import each other's internals; list the dependency in FEATURE_USES (eslint.config.js) if it is a public piece.`,
            },
          ]
        : []),
    ],
  );
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'data/**', 'node_modules/**', 'src/routeTree.gen.ts', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
  boundary(
    ['domain/**'],
    [
      layer('domain/ imports nothing of ours: it is the language every layer shares.', 'machines', 'src', 'server', 'styles', 'tests'),
      { group: ['node:*', 'react', 'react-dom', 'xstate'], message: 'domain/ is pure: no Node APIs, no React, no machines.' },
    ],
  ),
  boundary(
    ['machines/**'],
    [layer('machines/ import only domain/: side effects are supplied with .provide().', 'src', 'server', 'styles', 'tests')],
  ),
  boundary(['src/**'], [layer('src/ never imports the server: talk to it through src/api.', 'server')]),
  boundary(['server/**'], [layer('server/ never imports the browser client (src/, styles/).', 'src', 'styles')]),
  ...featureBoundaries,
);

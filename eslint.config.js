import { readdirSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';
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

/**
 * The funds' codes, imported from the table of funds (domain/funds.ts; tsx loads the TypeScript): each fund's folders
 * are named after its code in lower case (docs/ARCHITECTURE.md, "Add a fund").
 */
const { FUNDS: FUND_CODES } = await tsImport('./domain/funds.ts', import.meta.url);
if (FUND_CODES.length === 0) throw new Error('eslint.config.js: no fund codes in domain/funds.ts (FUNDS)');
const fundFolders = FUND_CODES.map((code) => code.toLowerCase());

/** Features that build on another feature's public pieces (the generic wizard, the invitation form, dates). */
const FEATURE_USES = {
  // Each fund's wizard (src/features/<fund>-application/) is the generic wizard given the fund's definition.
  ...Object.fromEntries(fundFolders.map((fund) => [`${fund}-application`, ['application-wizard']])),
  'admin-organizations': ['funds', 'application-wizard', 'receipts', 'application-timeline', 'evaluation'],
  // The reviewers' evaluation form (issue 44) renders with the survey renderer, lazily.
  evaluation: ['review-survey'],
  // What a member's role lets them do in an application (issue 42): read-only, who hands over.
  'application-wizard': ['member-standing'],
  funds: ['receipts', 'application-timeline'],
  'organization-profile': ['invitations', 'join-requests', 'organization-admin'],
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

/**
 * A fund's code written in generic code ('TUR', `/survey/PUI_istruttoria`, 'Candidatura TUR …', COMPILAZIONE_TYPE.PUI,
 * { TUR: …, PUI: … }): adding a fund would mean editing it. Generic code reads the table of funds instead
 * (domain/funds.ts: FUND_REGISTRY, FUNDS). Allowed where a file is about one fund or
 * is the table itself (docs/ARCHITECTURE.md, "Add a fund"); tests and seeds name the funds they use.
 */
const FUND_CODE = `/(^|[^A-Za-z])(${FUND_CODES.join('|')})([^A-Za-z]|$)/`;
const fundCodeMessage = 'A fund code in generic code: read it from the table of funds (domain/funds.ts) instead.';
const fundCodes = {
  files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'domain/**/*.ts', 'machines/**/*.ts', 'scripts/**/*.ts'],
  ignores: [
    // The table of funds, and of their definitions beside it.
    'domain/funds.ts',
    'domain/fundDefinitions.ts',
    // Each fund's own folders and files: its definition, server module, wizard and texts.
    ...fundFolders.flatMap((fund) => [`domain/${fund}/**`, `domain/messages/${fund}References.ts`, `src/features/${fund}-application/**`]),
    'server/funds/**',
    // Operators' data: the calls, attachment types and monitoring periods of each fund, and the demo organisations.
    'server/reference/**',
    'server/seed/**',
    // The browser's table of fund wizards, beside the table of funds.
    'src/routes/-components/fundWizards.ts',
  ],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: `Literal[value=${FUND_CODE}]`, message: fundCodeMessage },
      { selector: `TemplateElement[value.raw=${FUND_CODE}]`, message: fundCodeMessage },
      { selector: `Identifier[name=/^(${FUND_CODES.join('|')})$/]`, message: fundCodeMessage },
    ],
  },
};

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
  fundCodes,
);

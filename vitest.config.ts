import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// The ES build of Stately's parser (its package exports only the CommonJS one to Node).
const extractorEsm = fileURLToPath(
  new URL('./node_modules/@xstate/machine-extractor/dist/xstate-machine-extractor.esm.js', import.meta.url),
);

// CI collects every run's JSON report to print one closing pass/fail line (.ci/summary.mjs).
const reportDir = process.env.VITEST_REPORT_DIR;

export default defineConfig({
  test: {
    ...(reportDir ? { reporters: ['default', 'json'], outputFile: { json: `${reportDir}/vitest-${process.pid}.json` } } : {}),
    // One file per core (vitest's default leaves one core to itself): the API files wait for sockets, timers and
    // child processes much of their time, and two overlap on two cores (unit, machines and API: 717 s with one
    // worker, 536 s with two).
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [react(), vanillaExtractPlugin()],
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      {
        // Stately's parser (@xstate/machine-extractor) is built on XState 4: its imports of xstate/lib/* go to the
        // XState 4 copy installed as xstate-v4, so the portal's machines keep XState 5.
        resolve: {
          alias: [
            { find: /^@xstate\/machine-extractor$/, replacement: extractorEsm },
            { find: /^xstate\/lib\/(.*)$/, replacement: 'xstate-v4/lib/$1' },
          ],
        },
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          // The machines are pure and the files share nothing: one module graph per worker, not per file.
          isolate: false,
          // Prints the coverage table (machine, states, transitions, walked, paths) when the run ends.
          globalSetup: ['tests/support/machineCoverage.ts'],
          server: { deps: { inline: ['@xstate/machine-extractor'] } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each test builds its own app, database and data folder; no file mocks a module or keeps state in one.
          // So the files of a worker share its modules: the server is imported once per worker instead of once per
          // file (unit, machines and API on two workers: import time 197 s → 59 s, the run 536 s → 349 s).
          isolate: false,
          // One PGlite database migrated for the run; each test's database starts as a copy of it.
          globalSetup: ['tests/support/pgliteTemplate.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/pgliteTemplate.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own portal process and browser, and no file mocks a module or keeps state in one: the
          // files of a worker share their imports (the server's schema and fixtures, Playwright, axe) instead of
          // importing them again per file (six files: import time 33 s → 16 s).
          isolate: false,
          // Two files at a time, each with its own portal, database and browser: most of an e2e test is waiting
          // (for the browser, the provider, the debounce of an autosave), so two overlap well even on two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});

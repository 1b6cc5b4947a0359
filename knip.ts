import type { KnipConfig } from 'knip';

/**
 * Dead-code check, run by `npm run lint` (docs/decisions/0053-no-dead-code.md): files nothing imports, exports
 * nobody uses, dependencies nothing needs. Knip's plugins find most entries by themselves (index.html for Vite, the
 * scripts of package.json, Vitest's projects and global setup, the ESLint and Drizzle configurations); listed here
 * are the files started some other way.
 */
const config: KnipConfig = {
  entry: [
    // The embedded database's own process: forked by server/db/embeddedDatabase.ts, bundled by scripts/build-server.ts.
    'server/db/embeddedDatabaseProcess.ts',
    // Scripts run by hand or by the bundler's plugins, and the benchmarks with the processes they fork.
    'scripts/*.ts',
    'tests/bench/*.ts',
    // CI's closing line (.ci/run).
    '.ci/summary.mjs',
  ],
  project: ['**/*.{ts,tsx,js,mjs}', '.ci/*.mjs'],
  // An export its own file uses is not dead: the file is its user.
  ignoreExportsUsedInFile: true,
  // Debian's openssl, which the https suite's TLS proxy (tests/e2e/support/tlsProxy.ts) makes its certificate with at
  // run time, and poppler's pdftotext, which reads the Domanda PDF back (tests/api/domandaPdf.test.ts): system tools,
  // like Chromium, not packages (.ci/run installs them).
  ignoreBinaries: ['openssl', 'pdftotext'],
  ignoreDependencies: [
    // XState 4, for Stately's parser (@xstate/machine-extractor): vitest.config.ts sends its `xstate/lib/*` imports here.
    'xstate-v4',
  ],
};

export default config;

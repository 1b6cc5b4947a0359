import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { preloadFonts } from './scripts/fontPreloadPlugin.ts';
import { stripMachineDescriptions } from './scripts/machineDescriptionsPlugin.ts';
import { precompress } from './scripts/precompressPlugin.ts';
import { routePreloads } from './scripts/routePreloadsPlugin.ts';

/**
 * The portal's shell (see the `portal` group below), and three small helpers most of its pages use (a route loader's
 * query, a lazy component loaded ahead, Italian plurals): one file less to ask for, each a few hundred bytes.
 */
const PORTAL =
  /node_modules[\\/](@tanstack|xstate|@xstate|ofetch|ufo|destr|use-sync-external-store)[\\/]|src[\\/](App\.tsx|routes[\\/]_authenticated\.tsx\?tsr-split=component---loader|routes[\\/]-components[\\/]ensureQuery\.ts|ui[\\/]preloadedLazy\.tsx)$|domain[\\/]italianPlural\.ts$/;
/** React Query's modules for writing, which only the pages that change data use. */
const WRITES_ONLY = /[\\/](useMutation|mutationObserver)\.js$/;

// The API, the identity provider and the SPA share one origin: in development the
// Fastify server (npm run dev) is the origin, Vite only builds.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels in its page's chunk, not in the route tree every page's first load carries: what a
      // loader imports (its API modules and query options) is the page's own.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    vanillaExtractPlugin(),
    // The machines' descriptions are for the people who read them (visualiser, diagrams), not for the browser.
    stripMachineDescriptions(),
    // The weights the welcome page shows (regular text and headings), Latin only.
    preloadFonts(/titillium-web-latin-(?:400|700)-normal/),
    precompress(),
    // Which code each page runs, for the server to name it in the page's HTML (server/delivery/pagePreloads.ts).
    routePreloads(),
  ],
  // React 19 has useSyncExternalStore: the router's and @xstate/react's imports of the backwards-compatible shim
  // get React's own hook (which the shim hands out anyway on React ≥ 18), without the shim's fallback code.
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  // The manifest lets tests prove which pages download what (tests/e2e/survey-bundle.test.ts, bundle-budget.test.ts).
  // Source maps are written for whoever debugs the server, without the comment that points browsers to them
  // (the server does not serve them: server/delivery/staticClient.ts).
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    // Every browser the portal supports preloads modules itself (<link rel="modulepreload">: Chromium, Firefox 115,
    // Safari 17): no polyfill in the first load. An older browser still loads every module, only without the
    // head start.
    modulePreload: { polyfill: false },
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A few large files instead of dozens of small ones: a file compressed whole weighs less than its pieces
          // compressed apart, most of all in gzip, whose window is small and which has no built-in dictionary
          // (/calls ≤ 150 KB in gzip and in Brotli). Pages stay lazy, one chunk each.
          groups: [
            // The welcome page's whole first load in the entry file: React, react-aria's button and what
            // src/main.tsx imports (everything statically reachable from it). Every other page loads it too.
            { name: 'welcome', tags: ['$initial'], priority: 2 },
            // The portal's shell, which every page of a signed-in person needs: the framework (router, query
            // client, XState, ofetch), src/App.tsx with all it imports (session, auth machine, route tree), and
            // the signed-in layout (the header).
            // Writing (useMutation) is left to the pages that write: no page's first load carries it for nothing.
            {
              name: 'portal',
              test: (id) => PORTAL.test(id) && !WRITES_ONLY.test(id),
              priority: 1,
            },
            // What the applicant's pages share about applications (the lifecycle machine, dates, the calls' and
            // applications' API): one file instead of four small ones.
            {
              name: 'applications',
              test: /(domain[\\/]italianDates|src[\\/]api[\\/](applications|calls)|machines[\\/]application-lifecycle[\\/][^\\/]+)\.ts$/,
            },
          ],
        },
      },
    },
  },
});

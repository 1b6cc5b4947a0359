import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { preloadFonts } from './scripts/fontPreloadPlugin.ts';
import { precompress } from './scripts/precompressPlugin.ts';

// The API, the identity provider and the SPA share one origin: in development the
// Fastify server (npm run dev) is the origin, Vite only builds.
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    vanillaExtractPlugin(),
    // The weights the welcome page shows (regular text and headings), Latin only.
    preloadFonts(/titillium-web-latin-(?:400|700)-normal/),
    precompress(),
  ],
  // The manifest lets tests prove which pages download what (tests/e2e/survey-bundle.test.ts, bundle-budget.test.ts).
  // Source maps are written for whoever debugs the server, without the comment that points browsers to them
  // (the server does not serve them: server/delivery/staticClient.ts).
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Two shared chunks instead of dozens of small ones: React (every page, the welcome page included), and
          // the portal's framework (router, query client, XState, ofetch), which every page of a signed-in person
          // needs. Compressed as one file each they weigh less than their pieces compressed apart (/calls:
          // 170 → 163 KB gzip, 152 → 144 KB Brotli), and a browser keeps them across deployments that only
          // change the portal's own code.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: 'portal',
              test: /node_modules[\\/](@tanstack|xstate|@xstate|ofetch|ufo|destr|use-sync-external-store)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});

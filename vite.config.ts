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
  build: { outDir: 'dist', sourcemap: 'hidden', manifest: true },
});

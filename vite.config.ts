import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// The API, the identity provider and the SPA share one origin: in development the
// Fastify server (npm run dev) is the origin, Vite only builds.
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    vanillaExtractPlugin(),
  ],
  // The manifest lets a test prove which pages download SurveyJS (tests/e2e/survey-bundle.test.ts).
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// CI collects every run's JSON report to print one closing pass/fail line (.ci/summary.mjs).
const reportDir = process.env.VITEST_REPORT_DIR;

export default defineConfig({
  test: {
    ...(reportDir
      ? { reporters: ['default', 'json'], outputFile: { json: `${reportDir}/vitest-${process.pid}.json` } }
      : {}),
    projects: [
      {
        plugins: [react(), vanillaExtractPlugin()],
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      { test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

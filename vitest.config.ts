import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/src/**/*.test.tsx', // component tests; such a file names its DOM environment in a comment
      'packages/*/test/**/*.test.ts',
      'packages/web/e2e/**/*.test.ts', // real Chromium against the built app
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000, // a hook's work (a PostgreSQL schema migrated, a server started) on a busy machine
    setupFiles: ['./vitest.setup.ts'],
  },
});

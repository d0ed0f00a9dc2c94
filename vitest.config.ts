import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { ASSETS_DIR, buildAssets } from './scripts/build/assets.js';

// wrangler.toml's `[assets]` directory must exist before the worker pool reads the file, the
// worker's generated module naming the renderer must match the installed package, and the
// dashboard the worker serves at /admin must be built (skipped when its sources are unchanged).
await buildAssets();

export default defineConfig({
  test: {
    // Test files wait on Postgres and workerd more than they compute: three at a time finish the
    // suite in well under half the serial time on a 2-core machine (vitest's default there is 1).
    maxWorkers: 3,
    projects: [
      {
        // The API inside workerd, called over HTTP, against a real Postgres through the Neon driver.
        plugins: [
          cloudflareTest(({ inject }) => ({
            main: './src/index.ts',
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: inject('workerBindings'),
              // Tests call the worker's fetch handler directly, which static assets never reach
              // (the pool does not route them either): this binding, for tests only, reaches the
              // assets layer wrangler.toml configures, with its _headers.
              assets: { directory: ASSETS_DIR, binding: 'ASSETS' },
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['test/**/*.test.ts'],
          exclude: ['test/node/**', 'test/browser/**'],
          globalSetup: ['./test/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The local stand-ins and tooling, in Node.
        test: {
          name: 'node',
          include: ['test/node/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The dashboard and the reference storefront in headless Chromium, as people use them,
        // against one `npm run dev` of the whole stack.
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/browser/helpers/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});

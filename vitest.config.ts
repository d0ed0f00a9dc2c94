import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

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
            miniflare: { bindings: inject('workerBindings') },
          })),
        ],
        test: {
          name: 'worker',
          include: ['test/**/*.test.ts'],
          exclude: ['test/node/**'],
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
    ],
  },
});

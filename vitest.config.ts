import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { buildAssets } from './scripts/build/assets.js';
import { assetsWorkerOptions } from './scripts/local/worker.js';
import { readAssetsWorker } from './scripts/local/worker-build.js';

/*
 * The tiers (README, "Tests"), each a project:
 *   unit     pure functions and repository checks, in Node: no Postgres, no workerd (test/unit/);
 *   worker   the API inside workerd against a real Postgres (test/*, except the folders below);
 *   stack    the local stand-ins, the dev stack and the fault suite, in Node (test/node/);
 *   browser  the dashboard and the theme in headless Chromium against `npm run dev` (test/browser/).
 * `npm test` runs unit and worker; `npm run test:stack` and `npm run test:browser` the others.
 */

/** The repository checks that read the whole tree; they stay beside their helpers in test/node/. */
const REPOSITORY_CHECKS = ['test/node/structure.test.ts', 'test/node/docs.test.ts'];

/** The projects named with --project, or none when every project runs. */
const askedProjects = process.argv.flatMap((arg, i, args) =>
  arg === '--project' ? [args[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice(10)] : [],
);

// The assets Worker's directory (wrangler.assets.toml) must exist before the worker pool starts, the
// worker's generated module naming the renderer must match the installed package, and the
// dashboard the worker serves at /admin must be built (skipped when its sources are unchanged).
// The unit tier needs none of it.
const needsWorkers = askedProjects.length === 0 || askedProjects.some((name) => name !== 'unit');
if (needsWorkers) await buildAssets();

/**
 * The assets Worker wrangler.toml's ASSETS service binding reaches, read from
 * wrangler.assets.toml as `npm run dev` and the fault suite read it (static assets only, over
 * the same directory and _headers).
 */
const assetsWorker = needsWorkers ? [assetsWorkerOptions(await readAssetsWorker())] : [];

export default defineConfig({
  test: {
    // Test files wait on Postgres and workerd more than they compute: three at a time finish the
    // suite in well under half the serial time on a 2-core machine (vitest's default there is 1).
    maxWorkers: 3,
    projects: [
      {
        // Pure functions, in Node; each file mirrors the path of the source it tests.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', ...REPOSITORY_CHECKS],
          environment: 'node',
          // A guard against a hang, not a measure: a busy machine may take minutes over the
          // type checks (code samples, client schema) that take seconds on an idle one.
          testTimeout: 300_000,
        },
      },
      {
        // The API inside workerd, called over HTTP, against a real Postgres through the Neon driver.
        plugins: [
          cloudflareTest(({ inject }) => ({
            main: './src/index.ts',
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: inject('workerBindings'),
              workers: assetsWorker,
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['test/**/*.test.ts'],
          // One workerd per pool worker, kept from file to file: a workerd of its own for each
          // file cost about 12 s of import a file. Each file still gets its own modules (vitest
          // invalidates the test file), its own shop and its own keys. It takes the pool's patch
          // (patches/): the pool wrapped its module runner once more per file.
          isolate: false,
          exclude: ['test/unit/**', 'test/node/**', 'test/browser/**'],
          globalSetup: ['./test/helpers/global-setup.ts'],
          // Guards against a hang, generous enough for a loaded machine (no test asserts a time).
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        // The local stand-ins, the dev stack, the seed and the fault suite, in Node.
        test: {
          name: 'stack',
          include: ['test/node/**/*.test.ts'],
          exclude: REPOSITORY_CHECKS,
          environment: 'node',
          // Guards against a hang: a loaded machine took 66 s to start Postgres, migrate and seed.
          testTimeout: 120_000,
          hookTimeout: 240_000,
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
          // Guards against a hang, generous enough for a loaded machine (no journey asserts a time).
          testTimeout: 300_000,
          hookTimeout: 240_000,
          // What a journey polls for follows a round trip to the stack and a render: vitest's
          // 1 s default is less than a loaded machine takes; Playwright's own waits allow 30 s.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});

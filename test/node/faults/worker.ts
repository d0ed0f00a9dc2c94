import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { Miniflare } from 'miniflare';
import { assetsWorkerOptions } from '../../../scripts/local/worker';
import { readAssetsWorker } from '../../../scripts/local/worker-build';

const run = promisify(execFile);

/** The worker under test: the bundle `wrangler deploy` uploads, running in workerd. */
export type BuiltWorker = {
  fetch(
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<Response>;
  dispose(): Promise<void>;
};

/**
 * Builds the worker exactly as `wrangler deploy` would (`--dry-run --outdir`) and runs the
 * bundle with Miniflare: no file watching, no dev proxy between the suite and the worker.
 * `another()` runs the same bundle once more, as a second isolate with caches of its own.
 */
export async function startBuiltWorker(
  bindings: Record<string, string>,
): Promise<BuiltWorker & { another(): Promise<BuiltWorker> }> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'storefront-worker-'));
  const others: BuiltWorker[] = [];
  try {
    await run(
      process.execPath,
      [
        path.resolve('node_modules/wrangler/bin/wrangler.js'),
        'deploy',
        '--dry-run',
        '--outdir',
        outdir,
      ],
      {
        env: {
          ...process.env,
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          WRANGLER_SEND_METRICS: 'false',
        },
      },
    );
    const first = await runBundle(outdir, bindings);
    return {
      fetch: first.fetch,
      another: async () => {
        const other = await runBundle(outdir, bindings);
        others.push(other);
        return other;
      },
      dispose: async () => {
        for (const other of others) await other.dispose();
        await first.dispose();
        await rm(outdir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(outdir, { recursive: true, force: true });
    throw error;
  }
}

/** One Miniflare running the bundle in `outdir`. */
async function runBundle(outdir: string, bindings: Record<string, string>): Promise<BuiltWorker> {
  const toml = await readFile('wrangler.toml', 'utf8');
  const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  const assets = await readAssetsWorker();
  const mf = new Miniflare({
    workers: [
      {
        name: 'storefront-api',
        // The one module as uploaded: imports it only makes dynamically (an optional
        // renderer of the mail SDK) are not looked for.
        modulesRoot: outdir,
        modules: [
          {
            type: 'ESModule',
            path: path.join(outdir, 'index.js'),
            contents: await readFile(path.join(outdir, 'index.js'), 'utf8'),
          },
        ],
        compatibilityDate,
        bindings,
        r2Buckets: ['STORAGE'],
        // The built files' Worker (wrangler.assets.toml), as wrangler.toml binds it.
        serviceBindings: { ASSETS: assets.name },
      },
      assetsWorkerOptions(assets),
    ],
    // The worker's own log lines (warnings about the broken dependency) are expected here.
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      stdout.resume();
      stderr.resume();
    },
  });
  await mf.ready;
  return {
    fetch: async (url, init) => (await mf.dispatchFetch(url, init)) as unknown as Response,
    dispose: () => mf.dispose(),
  };
}

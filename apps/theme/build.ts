/**
 * Builds the theme: the client islands into ./dist/islands as text modules the Worker imports
 * and serves itself (wrangler runs this as the `[build] command` before it bundles a deploy)
 * and, for the local stack, the Worker itself into one ES module.
 *
 * Why not Workers static assets: Miniflare 4.20260426 answers 500 from an `ASSETS` binding when
 * a second worker of the same instance (the API's built files, wrangler.assets.toml) also has assets, so
 * the local stack could not run what a deploy runs. Two small files served by the Worker, with
 * a content hash in their URL and an immutable cache, cost one isolate-lifetime hash each.
 *
 *   node --import tsx apps/theme/build.ts [worker-out-dir]
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const HERE = import.meta.dirname;
export const THEME_DIR = HERE;
export const ISLANDS_DIR = path.join(HERE, 'dist', 'islands');
export const ISLANDS = ['theme.ts', 'product.ts'] as const;

/** The islands, minified, one file each (no shared chunk: each page loads at most two). */
export async function buildIslands(outDir = ISLANDS_DIR) {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: ISLANDS.map((f) => path.join(HERE, 'src', 'client', f)),
    outdir: outDir,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    outExtension: { '.js': '.txt' },
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/** The Worker as one ES module, as wrangler would bundle it (for Miniflare in `npm run dev`). */
export async function buildWorker(outDir: string): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const outfile = path.join(outDir, 'theme-worker.js');
  await build({
    entryPoints: [path.join(HERE, 'src', 'index.tsx')],
    outfile,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'import'],
    jsx: 'automatic',
    jsxImportSource: 'hono/jsx',
    external: ['cloudflare:*'],
    loader: { '.txt': 'text' },
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const workerOut = process.argv[2];
  await buildIslands();
  if (workerOut) await buildWorker(path.resolve(workerOut));
}

/**
 * Builds the theme: the client islands into ./public/assets (what Workers static assets
 * serve; wrangler runs this as the `[build] command` before a deploy) and, for the local
 * stack, the Worker itself into one ES module.
 *
 *   node --import tsx apps/theme/build.ts [worker-out-dir]
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const HERE = import.meta.dirname;
export const THEME_DIR = HERE;
export const PUBLIC_DIR = path.join(HERE, 'public');
export const ISLANDS = ['theme.ts', 'product.tsx'] as const;

/** The islands, minified, one file each (no shared chunk: each page loads at most two). */
export async function buildIslands(outDir = path.join(PUBLIC_DIR, 'assets')) {
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
    jsx: 'automatic',
    jsxImportSource: 'hono/jsx/dom',
    legalComments: 'none',
    logLevel: 'warning',
  });
  // Names without a hash, so each answer is kept briefly and revalidated.
  await writeFile(
    path.join(PUBLIC_DIR, '_headers'),
    '/assets/*\n  Cache-Control: public, max-age=600, stale-while-revalidate=86400\n  X-Content-Type-Options: nosniff\n',
  );
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

/**
 * Bundles the worker as `wrangler deploy` does (`--dry-run --outdir`: same esbuild settings,
 * same module rules), after the assets Worker's own `--dry-run` (wrangler.assets.toml: its
 * `[build] command` fills ./public and writes the module the worker imports), and writes beside
 * the bundle the Miniflare options the two configs imply, so the local server runs what would
 * be deployed.
 *
 * Run as a short-lived child process (`buildWorker()` in ./worker.ts does): wrangler's own
 * code and memory never stay in the long-running dev server.
 *
 *   node --import tsx scripts/local/worker-build.ts <outDir> [wrangler flags, e.g. --no-minify]
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type WorkerManifest = {
  /** The bundle's entry module, relative to the manifest's directory. */
  main: string;
  /** Every emitted module (the entry first), relative to the manifest's directory. */
  modules: Array<{ type: 'ESModule' | 'Text' | 'Data' | 'CompiledWasm'; path: string }>;
  compatibilityDate: string;
  compatibilityFlags: string[];
  /** `[vars]` of wrangler.toml. */
  vars: Record<string, string>;
  /** R2 bindings: binding name to bucket name. */
  r2Buckets: Record<string, string>;
  /** Queue producers and consumers, as wrangler.toml declares them (Miniflare's options). */
  queueProducers?: unknown;
  queueConsumers?: unknown;
  /** `[images]` of wrangler.toml: Miniflare's offline Images binding (sharp) serves it. */
  images?: { binding: string };
  /** `[[services]]` of wrangler.toml: binding name to the Worker it reaches. */
  serviceBindings: Record<string, string>;
  /**
   * The assets Worker of wrangler.assets.toml (static assets only): its name, date and
   * `[assets]` as Miniflare takes them, the directory absolute (its `[build] command` has just
   * filled it). The directory's `_headers` is read by Miniflare itself.
   */
  assetsWorker: {
    name: string;
    compatibilityDate: string;
    assets: { directory: string; routerConfig?: unknown; assetConfig?: unknown };
  };
};

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const WRANGLER_CLI = path.join(ROOT, 'node_modules', 'wrangler', 'wrangler-dist', 'cli.js');

/** The assets Worker's config, beside the API worker's wrangler.toml. */
const ASSETS_CONFIG = path.join(ROOT, 'wrangler.assets.toml');

/**
 * `wrangler deploy --dry-run --outdir`: the deploy bundle, nothing uploaded. `extra` takes
 * wrangler's own flags (`--no-minify` for a profile that names functions, `-c` for another
 * config).
 */
function bundle(outDir: string, extra: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--no-warnings', WRANGLER_CLI, 'deploy', '--dry-run', '--outdir', outDir, ...extra],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          WRANGLER_SEND_METRICS: 'false',
          WRANGLER_HIDE_BANNER: 'true',
        },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`bundling the worker failed:\n${output}`)),
    );
  });
}

type Rule = { type: string; include: string[] };

/**
 * Wrangler emits each rule-matched module as `<hash>-<file name>`, so a rule's glob is
 * matched here on the file name alone.
 */
function moduleType(file: string, rules: Rule[]): WorkerManifest['modules'][number]['type'] {
  for (const rule of rules) {
    const names = rule.include.map((glob) => glob.split('/').pop() ?? glob);
    const matches = names.some((name) => {
      const pattern = name.replaceAll('.', '\\.').replaceAll('?', '\\?').replaceAll('*', '.*');
      return new RegExp(`(^|-)${pattern}$`).test(file);
    });
    if (matches) return rule.type as WorkerManifest['modules'][number]['type'];
  }
  return 'ESModule';
}

/** The manifest of a bundle in `outDir`, with the options wrangler.toml gives the worker. */
export async function buildManifest(outDir: string): Promise<WorkerManifest> {
  const wrangler = await import('wrangler');
  const { workerOptions, main } = wrangler.unstable_getMiniflareWorkerOptions(
    path.join(ROOT, 'wrangler.toml'),
  );
  const entry = path.basename(main ?? 'index.js').replace(/\.ts$/, '.js');
  const rules = (workerOptions.modulesRules ?? []) as Rule[];
  const files = (await readdir(outDir)).filter((f) => !f.endsWith('.map') && f !== 'README.md');
  const others = files.filter((f) => f !== entry).sort();
  const r2 = (workerOptions.r2Buckets ?? {}) as Record<string, string | { id: string }>;
  const services = (workerOptions.serviceBindings ?? {}) as Record<string, { name?: string }>;
  return {
    main: entry,
    modules: [
      { type: 'ESModule', path: entry },
      ...others.map((f) => ({ type: moduleType(f, rules), path: f })),
    ],
    compatibilityDate: workerOptions.compatibilityDate ?? '2026-04-01',
    compatibilityFlags: workerOptions.compatibilityFlags ?? [],
    vars: Object.fromEntries(
      Object.entries(workerOptions.bindings ?? {}).map(([k, v]) => [k, String(v)]),
    ),
    r2Buckets: Object.fromEntries(
      Object.entries(r2).map(([k, v]) => [k, typeof v === 'string' ? v : v.id]),
    ),
    queueProducers: workerOptions.queueProducers,
    queueConsumers: workerOptions.queueConsumers,
    ...(workerOptions.images ? { images: { binding: workerOptions.images.binding } } : {}),
    serviceBindings: Object.fromEntries(
      Object.entries(services).flatMap(([k, v]) => (v?.name ? [[k, v.name]] : [])),
    ),
    assetsWorker: await readAssetsWorker(wrangler),
  };
}

/** The assets Worker of wrangler.assets.toml, as Miniflare runs it. */
export async function readAssetsWorker(
  wrangler?: typeof import('wrangler'),
): Promise<WorkerManifest['assetsWorker']> {
  const api = wrangler ?? (await import('wrangler'));
  const { name } = api.unstable_readConfig({ config: ASSETS_CONFIG });
  const { workerOptions } = api.unstable_getMiniflareWorkerOptions(ASSETS_CONFIG);
  if (!workerOptions.assets || !name) {
    throw new Error('wrangler.assets.toml names no Worker or no [assets]');
  }
  return {
    name,
    compatibilityDate: workerOptions.compatibilityDate ?? '2026-04-01',
    assets: workerOptions.assets,
  };
}

async function main() {
  const outDir = path.resolve(process.argv[2] ?? '.data/worker');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  // Loading wrangler's API here overlaps with the bundlers' runs. The assets Worker's build
  // comes first: it writes a module the worker's bundle imports.
  const assetsOut = await mkdtemp(path.join(tmpdir(), 'storefront-assets-worker-'));
  await Promise.all([
    bundle(assetsOut, ['-c', ASSETS_CONFIG])
      .finally(() => rm(assetsOut, { recursive: true, force: true }))
      .then(() => bundle(outDir, process.argv.slice(3))),
    import('wrangler'),
  ]);
  const manifest = await buildManifest(outDir);
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/**
 * The reference storefront (apps/theme) in the local stack: built in a short-lived child
 * process (the islands into apps/theme/public/assets, the Worker into one module, and what
 * apps/theme/wrangler.toml implies read by wrangler itself), then served by the same Miniflare
 * instance as the API, as a second worker whose `API` service binding reaches `storefront-api`
 * inside workerd, on a socket of its own (THEME_PORT).
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const THEME_DIR = path.join(ROOT, 'apps', 'theme');

export type BuiltTheme = {
  script: string;
  compatibilityDate: string;
  compatibilityFlags: string[];
  /** `[vars]` of apps/theme/wrangler.toml. */
  vars: Record<string, string>;
  /** Binding name to the service (worker) name it reaches. */
  serviceBindings: Record<string, string>;
  assets?: { directory: string; binding?: string; routerConfig?: unknown; assetConfig?: unknown };
};

/** Builds the theme in a child process (wrangler's config reader never stays resident). */
export async function buildTheme(outDir: string): Promise<BuiltTheme> {
  const dir = path.resolve(outDir);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, dir], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(errors.trim() || `theme build exited ${code}`)),
    );
  });
  return JSON.parse(await readFile(path.join(dir, 'theme.json'), 'utf8')) as BuiltTheme;
}

/**
 * The theme as one more worker of the API's Miniflare: `storefrontKey` is given as the secret
 * a deployment sets with `wrangler secret put STOREFRONT_API_KEY`.
 */
export function themeWorker(
  built: BuiltTheme,
  options: {
    port: number;
    host?: string;
    storefrontKey: string;
    apiOrigin: string;
    /** The API's VISITOR_ADDRESS_SECRET: the theme signs its visitors' addresses with it. */
    visitorSecret?: string;
  },
) {
  return {
    name: 'storefront-theme',
    modulesRoot: path.dirname(built.script),
    modules: [{ type: 'ESModule' as const, path: built.script }],
    compatibilityDate: built.compatibilityDate,
    compatibilityFlags: built.compatibilityFlags,
    bindings: {
      ...built.vars,
      // The binding carries every request; the URL's host is what the API derives its media
      // and link URLs from, so locally it is the API's own address (in production the API's
      // MEDIA_BASE_URL and the shop's domains decide them).
      API_BASE: `${options.apiOrigin}/access/api/v1`,
      STOREFRONT_API_KEY: options.storefrontKey,
      ...(options.visitorSecret ? { VISITOR_ADDRESS_SECRET: options.visitorSecret } : {}),
    },
    serviceBindings: built.serviceBindings,
    ...(built.assets ? { assets: built.assets as never } : {}),
    unsafeDirectSockets: [{ host: options.host ?? '127.0.0.1', port: options.port }],
  };
}

async function main(outDir: string) {
  const { buildIslands, buildWorker } = await import('../../apps/theme/build');
  const [script, { unstable_getMiniflareWorkerOptions }] = await Promise.all([
    buildIslands().then(() => buildWorker(outDir)),
    import('wrangler'),
  ]);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(
    path.join(THEME_DIR, 'wrangler.toml'),
  );
  const services = (workerOptions.serviceBindings ?? {}) as Record<string, { name?: string }>;
  const built: BuiltTheme = {
    script,
    compatibilityDate: workerOptions.compatibilityDate ?? '2026-04-01',
    compatibilityFlags: workerOptions.compatibilityFlags ?? [],
    vars: Object.fromEntries(
      Object.entries(workerOptions.bindings ?? {}).map(([k, v]) => [k, String(v)]),
    ),
    serviceBindings: Object.fromEntries(
      Object.entries(services).flatMap(([k, v]) => (v?.name ? [[k, v.name]] : [])),
    ),
    ...(workerOptions.assets ? { assets: workerOptions.assets as BuiltTheme['assets'] } : {}),
  };
  await writeFile(path.join(outDir, 'theme.json'), `${JSON.stringify(built, null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main(path.resolve(process.argv[2] ?? '.data/theme')).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}

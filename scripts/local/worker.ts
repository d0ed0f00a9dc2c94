import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Log, LogLevel, Miniflare } from 'miniflare';
import type { WorkerManifest } from './worker-build';

/** A bundle `buildWorker` produced: its directory and what wrangler.toml says about it. */
export type BuiltWorker = WorkerManifest & { dir: string };

export type ServeOptions = {
  built: BuiltWorker;
  /** Variables and secrets on top of wrangler.toml's `[vars]` (the stack's bindings). */
  bindings: Record<string, string>;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Where R2 objects persist (`<dir>/v3/r2`, the layout `wrangler dev --persist-to` uses). */
  persistTo?: string;
  /** More workers in the same instance (the theme, scripts/local/theme.ts). */
  extraWorkers?: object[];
  /** Opens workerd's inspector (the Chrome DevTools protocol) on this port, for profiles. */
  inspectorPort?: number;
};

export type ServedWorker = {
  /** Origin the worker answers on, e.g. `http://127.0.0.1:8787`. */
  origin: string;
  /** Puts objects into one of the worker's R2 buckets, as R2 would store them. */
  putObjects(
    binding: string,
    objects: Array<{ key: string; contentType: string; body: Uint8Array | string }>,
  ): Promise<void>;
  /** Swaps in a new bundle without changing the address. */
  reload(built: BuiltWorker): Promise<void>;
  stop(): Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where the local entry module sits in the bundle's directory (never written to disk). */
const LOCAL_ENTRY = '.local-entry.js';

/**
 * The entry module served locally, in front of the bundle's own: once the worker has its
 * answer, it reads whatever the worker left unread of the request body (a 401 or 413 answered
 * before the body) and only then lets the answer go, as a server that reads every body does. workerd's HTTP server closes a kept-alive connection whose request body was not
 * read to the end, without saying `Connection: close`, and a client reusing that connection
 * for its next request gets ECONNRESET (bench/DEV-STACK.md). On Cloudflare the edge holds
 * the client's connection, so production needs nothing of the kind; the deployed bundle is
 * unchanged.
 */
const localEntry = (main: string) => `import worker from './${main}';
export * from './${main}';
const LIMIT = 64 * 1024 * 1024;
async function drain(body) {
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || (read += value.byteLength) > LIMIT) return;
    }
  } catch {
    // The client went away: nothing to keep alive.
  } finally {
    reader.releaseLock();
  }
}
export default {
  ...worker,
  async fetch(request, env, ctx) {
    const response = await worker.fetch(request, env, ctx);
    if (request.body && !request.bodyUsed && !request.body.locked) await drain(request.body);
    return response;
  },
};
`;

/**
 * Bundles the worker in a short-lived child process (scripts/local/worker-build.ts runs
 * `wrangler deploy --dry-run`), so wrangler never stays resident beside the server.
 */
export async function buildWorker(
  outDir: string,
  options: { minify?: boolean } = {},
): Promise<BuiltWorker> {
  const dir = path.resolve(outDir);
  const flags = options.minify === false ? ['--no-minify'] : [];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts/local/worker-build.ts'), dir, ...flags],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(errors.trim() || `worker build exited ${code}`)),
    );
  });
  const manifest = JSON.parse(
    await readFile(path.join(dir, 'manifest.json'), 'utf8'),
  ) as WorkerManifest;
  return { ...manifest, dir };
}

/** Miniflare's worker for the built files (wrangler.assets.toml): static assets, no code. */
export const assetsWorkerOptions = (worker: WorkerManifest['assetsWorker']) => ({
  name: worker.name,
  modules: true,
  script: 'export default {};',
  compatibilityDate: worker.compatibilityDate,
  assets: worker.assets as never,
});

function miniflareOptions(options: ServeOptions) {
  const { built } = options;
  return {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    log: new Log(LogLevel.WARN),
    // Request.cf from Miniflare's placeholder: fetching the real one from
    // workers.cloudflare.com printed a stack trace on every offline start.
    cf: false,
    // `/cdn-cgi/handler/scheduled` runs the cron handler on demand, as under wrangler dev.
    unsafeTriggerHandlers: true,
    ...(options.persistTo ? { r2Persist: path.join(options.persistTo, 'v3', 'r2') } : {}),
    ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
    workers: [
      {
        name: 'storefront-api',
        modulesRoot: built.dir,
        modules: [
          {
            type: 'ESModule' as const,
            path: path.join(built.dir, LOCAL_ENTRY),
            contents: localEntry(built.main),
          },
          ...built.modules.map((m) => ({ type: m.type, path: path.join(built.dir, m.path) })),
        ],
        compatibilityDate: built.compatibilityDate,
        compatibilityFlags: built.compatibilityFlags,
        bindings: { ...built.vars, ...options.bindings },
        r2Buckets: built.r2Buckets,
        ...(built.images ? { images: built.images } : {}),
        ...(built.queueProducers ? { queueProducers: built.queueProducers as never } : {}),
        ...(built.queueConsumers ? { queueConsumers: built.queueConsumers as never } : {}),
        // The assets Worker, as wrangler.toml's `[[services]]` binds it.
        serviceBindings: built.serviceBindings,
      },
      assetsWorkerOptions(built.assetsWorker),
      ...(options.extraWorkers ?? []),
    ],
  };
}

/**
 * Serves a built worker through Miniflare's own HTTP entry: requests go straight to workerd,
 * with no proxy worker in front (`wrangler dev` routes every request through one, whose
 * memory grows with every request it forwards; see bench/DEV-SOAK.md).
 */
export async function serveWorker(options: ServeOptions): Promise<ServedWorker> {
  let current = options;
  const mf = new Miniflare(miniflareOptions(current));
  const url = await mf.ready;
  return {
    origin: url.origin,
    async putObjects(binding, objects) {
      const bucket = await mf.getR2Bucket(binding);
      for (const object of objects) {
        await bucket.put(object.key, object.body, {
          httpMetadata: { contentType: object.contentType },
        });
      }
    },
    async reload(built) {
      current = { ...current, built, port: Number(url.port) };
      await mf.setOptions(miniflareOptions(current));
    },
    stop: () => mf.dispose(),
  };
}

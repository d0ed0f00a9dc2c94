import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createMerchantKey, revokeMerchantKey } from './merchant-keys';

/*
 * `npm run shop -- import --handle my-shop products.csv [--dry-run] [--url http://127.0.0.1:8787] [--key sk_…]`:
 * uploads the file to the running worker's POST /admin/api/v1/imports (the path merchants
 * use), prints the import's id at once and shows its progress until it has finished. It talks
 * HTTP only: to the URL given, else WORKER_URL, else 127.0.0.1 on PORT (or the running
 * `npm run dev`'s, from .data/dev.env). Without --key (or MERCHANT_KEY) it issues a merchant
 * key for the run (catalogue:write) in the database, and revokes it once the job has ended.
 */

type ImportView = {
  id: string;
  status: string;
  total_products: number | null;
  processed_products: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  images_failed: number;
  errors: Array<{ line: number; column: string | null; code: string; message: string }>;
  error: { line: number; message: string } | null;
  ignored_columns: Array<{ column: string; reason: string }>;
};

const bar = (done: number, total: number | null, width = 30) => {
  if (!total) return `[${' '.repeat(width)}] reading the file…`;
  const filled = Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} products`;
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function api(base: string, secret: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}/admin/api/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${secret}`, ...(init.headers ?? {}) },
  });
  const body = (await response.json()) as ImportView & { code?: string; message?: string };
  if (!response.ok)
    throw new HttpError(response.status, `${response.status} ${body.code}: ${body.message}`);
  return body;
}

/** A failure worth another try: the connection, a 429, a 5xx. */
const transient = (error: unknown) =>
  !(error instanceof HttpError) || error.status === 429 || error.status >= 500;

/** How long polling goes on through failures in a row before it gives up. */
const GIVE_UP_MS = 60_000;

function summary(view: ImportView, dryRun: boolean): string {
  const lines = [
    `${dryRun ? 'Dry run (nothing written): ' : ''}${view.status}: ${view.created} created, ${view.updated} updated, ${view.unchanged} unchanged, ${view.failed} failed, ${view.images_failed} images not stored.`,
  ];
  if (view.error)
    lines.push(`The file was refused: line ${view.error.line}: ${view.error.message}`);
  for (const e of view.errors)
    lines.push(`  line ${e.line}${e.column ? `, ${e.column}` : ''}: ${e.code} ${e.message}`);
  for (const c of view.ignored_columns) lines.push(`  ignored column "${c.column}": ${c.reason}`);
  return lines.join('\n');
}

export type ImportTarget = { databaseUrl?: string | undefined; workerUrl: string };

export async function runImport(argv: string[], target: ImportTarget): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      handle: { type: 'string' },
      url: { type: 'string', default: target.workerUrl },
      key: { type: 'string', default: process.env.MERCHANT_KEY },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const [file] = positionals;
  if (!values.handle || !file)
    throw new Error('usage: import --handle <shop> <file.csv> [--dry-run] [--key sk_…] [--url …]');
  const body = await readFile(file);
  if (!values.key && !target.databaseUrl)
    throw new Error(
      'import needs a merchant key with catalogue:write (--key or MERCHANT_KEY), or DATABASE_URL (or a running npm run dev) to issue one for the run',
    );
  const issued = values.key
    ? null
    : await createMerchantKey(target.databaseUrl ?? '', {
        handle: values.handle,
        name: 'CSV import (CLI)',
        scopes: 'catalogue:write',
      });
  const secret = values.key ?? issued?.secret ?? '';
  const dryRun = values['dry-run'] ?? false;
  const revoke = async () => {
    if (issued && target.databaseUrl)
      await revokeMerchantKey(target.databaseUrl, issued.key.prefix, values.handle);
  };
  let created: ImportView;
  try {
    created = await api(values.url, secret, `/imports${dryRun ? '?dry_run=true' : ''}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/csv' },
    });
  } catch (error) {
    await revoke();
    throw error;
  }
  process.stderr.write(
    `Import ${created.id}${dryRun ? ' (dry run)' : ''} queued: ${values.url}/admin/api/v1/imports/${created.id}\n`,
  );
  let view = created;
  let failingSince: number | undefined;
  while (view.status === 'queued' || view.status === 'running') {
    process.stderr.write(`\r${bar(view.processed_products, view.total_products)}`);
    await new Promise((resolve) => setTimeout(resolve, failingSince ? 2_000 : 500));
    try {
      view = await api(values.url, secret, `/imports/${created.id}`);
      failingSince = undefined;
    } catch (error) {
      failingSince ??= Date.now();
      if (!transient(error) || Date.now() - failingSince > GIVE_UP_MS) {
        // The job carries on without this client: say where to find it, keep the key.
        process.stderr.write('\n');
        throw new Error(
          `import ${created.id} is still ${view.status}, but its progress could not be read (${(error as Error).message}); GET /admin/api/v1/imports/${created.id} shows it${issued ? `, with the key ${secret}` : ''}`,
        );
      }
    }
  }
  process.stderr.write(`\r${bar(view.processed_products, view.total_products)}\n`);
  await revoke();
  return `Import ${view.id}\n${summary(view, dryRun)}`;
}

import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createMerchantKey, revokeMerchantKey } from './merchant-keys';

/*
 * `npm run shop -- import --handle my-shop products.csv [--dry-run] [--url http://127.0.0.1:8787]`:
 * uploads the file to the running worker's POST /admin/api/v1/imports (the path merchants
 * use) and shows its progress until it has finished. Without --key it issues a merchant key
 * for the run (catalogue:write) and revokes it afterwards.
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

async function api(base: string, secret: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}/admin/api/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${secret}`, ...(init.headers ?? {}) },
  });
  const body = (await response.json()) as ImportView & { code?: string; message?: string };
  if (!response.ok) throw new Error(`${response.status} ${body.code}: ${body.message}`);
  return body;
}

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

export async function runImport(argv: string[], databaseUrl: string): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      handle: { type: 'string' },
      url: { type: 'string', default: process.env.WORKER_URL ?? 'http://127.0.0.1:8787' },
      key: { type: 'string', default: process.env.MERCHANT_KEY },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const [file] = positionals;
  if (!values.handle || !file)
    throw new Error('usage: import --handle <shop> <file.csv> [--dry-run]');
  const body = await readFile(file);
  const issued = values.key
    ? null
    : await createMerchantKey(databaseUrl, {
        handle: values.handle,
        name: 'CSV import (CLI)',
        scopes: 'catalogue:write',
      });
  const secret = values.key ?? issued?.secret ?? '';
  const dryRun = values['dry-run'] ?? false;
  try {
    const created = await api(values.url, secret, `/imports${dryRun ? '?dry_run=true' : ''}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/csv' },
    });
    let view = created;
    while (view.status === 'queued' || view.status === 'running') {
      process.stderr.write(`\r${bar(view.processed_products, view.total_products)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      view = await api(values.url, secret, `/imports/${created.id}`);
    }
    process.stderr.write(`\r${bar(view.processed_products, view.total_products)}\n`);
    return summary(view, dryRun);
  } finally {
    if (issued) await revokeMerchantKey(databaseUrl, issued.key.prefix, values.handle);
  }
}

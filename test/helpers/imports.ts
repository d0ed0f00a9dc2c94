import { expect } from 'vitest';
import * as s from '../../src/db/schema';
import { testDb } from './db';
import { adminCall } from './merchant';

/** What an upload asks: a dry run, and the column categories come from. */
export type UploadOptions = { dryRun?: boolean; categoriesFrom?: string };

/** Uploads a CSV to POST /imports with a merchant key. */
export function uploadCsv(secret: string, csv: string | Uint8Array, options: UploadOptions = {}) {
  const query = new URLSearchParams();
  if (options.dryRun) query.set('dry_run', 'true');
  if (options.categoriesFrom) query.set('categories_from', options.categoriesFrom);
  const search = query.size > 0 ? `?${query}` : '';
  return adminCall(`/imports${search}`, {
    method: 'POST',
    body: csv,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'text/csv' },
  });
}

/**
 * Polls GET /imports/{id} until the import has finished (the queue consumer runs it);
 * `timeoutMs` guards against a hang and is no measure: a busy machine may take long.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests assert the import field by field
export async function waitForImport(secret: string, id: string, timeoutMs = 90_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await adminCall(`/imports/${id}`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(res.status).toBe(200);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    if (Date.now() > until) throw new Error(`import ${id} still ${res.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Uploads a CSV and waits for its import to finish. */
export async function importCsv(
  secret: string,
  csv: string,
  options: UploadOptions = {},
  timeoutMs = 90_000,
) {
  const res = await uploadCsv(secret, csv, options);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return waitForImport(secret, res.body.id, timeoutMs);
}

/** A CSV file from a header and rows of cells. */
export const csvOf = (header: string[], rows: Array<Record<string, string | undefined>>) =>
  [header, ...rows.map((row) => header.map((column) => row[column] ?? ''))]
    .map((cells) =>
      cells
        .map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
        .join(','),
    )
    .join('\n');

/** An import of a shop straight into the database (a finished one, with no file). */
export async function createImportRecord(shop: { id: string }) {
  const [row] = await testDb()
    .insert(s.productImports)
    .values({
      shopId: shop.id,
      status: 'completed',
      objectKey: `${shop.id}/imports/none.csv`,
      sizeBytes: 0,
      headers: ['Handle'],
      ignored: [],
    })
    .returning({ id: s.productImports.id });
  if (!row) throw new Error('could not create the import');
  return row;
}

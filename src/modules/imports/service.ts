import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { Db } from '../../db/client';
import { type CategorySource, productImports } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { mapHeader } from './csv/columns';
import { CsvSyntaxError, readCsv } from './csv/parse';
import type { ImportQueue } from './jobs';
import { defaultCategorySource } from './mapping';
import { type ImportRow, insertImport, selectImport, selectImportPage } from './queries';
import type { Import } from './schemas';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  createImport: ['IMPORT_FILE_TOO_LARGE', 'CSV_HEADER_INVALID', 'CSV_MALFORMED'],
  getImport: ['IMPORT_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** The largest file an import accepts: Shopify's own limit, 15 MB. */
export const IMPORT_MAX_BYTES = 15 * 1024 * 1024;

export const importTooLarge = () =>
  new ApiError('IMPORT_FILE_TOO_LARGE', {
    message: `The file is larger than ${IMPORT_MAX_BYTES} bytes (15 MB), the import limit; split it into several files.`,
    details: [{ field: 'body', message: `At most ${IMPORT_MAX_BYTES} bytes.` }],
  });

/** Where an import's file is kept: beside the shop's media, never under the public prefix. */
export const importObjectKey = (shopId: string, id: string) => `${shopId}/imports/${id}.csv`;

/** The header row of a file, or the coded refusal of a file that has none. */
async function headerOf(bytes: Uint8Array) {
  try {
    for await (const record of readCsv(new Blob([bytes]).stream())) {
      const map = mapHeader(record.fields);
      if (map) return map;
      break;
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new ApiError('CSV_MALFORMED', {
      message: `Line ${error.line}: ${error.message}.`,
      details: [{ field: `line ${error.line}`, message: error.message }],
    });
  }
  throw new ApiError('CSV_HEADER_INVALID', {
    details: [{ field: 'line 1', message: 'No Handle column: is this a Shopify product CSV?' }],
  });
}

/**
 * What identifies an upload for Idempotency-Key: the digest of its bytes and its options (the
 * same key with another file, or the same file as a dry run, is refused as reused).
 */
export async function uploadFingerprint(bytes: Uint8Array, options: UploadOptions) {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  const sha256 = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { sha256, dry_run: options.dryRun, categories_from: options.categoriesFrom ?? null };
}

/** What an upload asks: a dry run or not, and the column categories come from (or the default). */
export type UploadOptions = { dryRun: boolean; categoriesFrom?: CategorySource | undefined };

/**
 * Stores an uploaded file and records its import in the write's transaction, with its audit
 * record; the job is queued once that has committed, so it never starts on an import that is
 * not there (nor is queued again by an Idempotency-Key replay). Answers the import resource
 * and the job's queuing, for the caller to await after the write.
 */
export async function createImport(
  w: WriteScope,
  queue: ImportQueue,
  keyId: string | null,
  bytes: Uint8Array,
  options: UploadOptions,
): Promise<{ created: Import; queued: () => Promise<unknown> }> {
  const map = await headerOf(bytes);
  const id = crypto.randomUUID();
  const objectKey = importObjectKey(w.shop.id, id);
  await w.services.storage.put(objectKey, bytes, 'text/csv');
  const row = await insertImport(w.tx, {
    id,
    shopId: w.shop.id,
    keyId,
    dryRun: options.dryRun,
    categoriesFrom: options.categoriesFrom ?? defaultCategorySource(map),
    objectKey,
    sizeBytes: bytes.byteLength,
    currency: w.shop.currency,
    headers: map.headers,
    ignored: map.ignored,
  });
  const created = toImport(row);
  await w.audit({
    action: 'create',
    resourceType: 'import',
    resourceId: id,
    before: null,
    after: created,
  });
  let sending: Promise<unknown> = Promise.resolve();
  w.afterCommit(() => {
    sending = queue.send({ kind: 'plan', shopId: w.shop.id, importId: id });
  });
  return { created, queued: () => sending };
}

export async function getImport(db: Db, shopId: string, id: string): Promise<Import> {
  const row = isUuid(id) ? await selectImport(db, shopId, id) : null;
  if (!row) throw new ApiError('IMPORT_NOT_FOUND');
  return toImport(row);
}

/** A page of the shop's imports, newest first, each as `GET /imports/{id}` shows it. */
export async function listImports(db: Db, shopId: string, params: ListParams) {
  const page = await listPage(db, productImports, shopId, params, (keyset) =>
    selectImportPage(db, keyset),
  );
  return { data: page.rows.map(toImport), hasMore: page.hasMore };
}

export function toImport(row: ImportRow): Import {
  return {
    id: row.id,
    object: 'import',
    status: row.status,
    dry_run: row.dryRun,
    size_bytes: row.sizeBytes,
    currency: row.currency,
    total_products: row.totalProducts,
    processed_products: row.created + row.updated + row.unchanged + row.failed,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: row.failed,
    images_failed: row.imagesFailed,
    errors: row.problems,
    error: row.error ?? null,
    categories_from: row.categoriesFrom,
    category_mapping: row.mapping ?? null,
    ignored_columns: row.ignored,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

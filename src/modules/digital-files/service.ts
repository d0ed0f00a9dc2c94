import { removeDeletedObject, type Storage } from '../../adapters/storage';
import { unchanged } from '../../admin-kit/audit';
import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { Db } from '../../db/client';
import { digitalFiles } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import { defined } from '../../lib/defined';
import { countGrants, type FileRow, files } from './queries';
import type { DigitalFile, DigitalFileUpdate } from './schemas';

const TYPE = 'digital_file';

/** The largest file a shop may sell: 25 MiB (the upload is held in memory while stored). */
export const DIGITAL_FILE_MAX_BYTES = 25 * 1024 * 1024;

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  createDigitalFile: ['DIGITAL_FILE_TOO_LARGE', 'DIGITAL_FILE_EMPTY'],
  getDigitalFile: ['DIGITAL_FILE_NOT_FOUND'],
  updateDigitalFile: ['DIGITAL_FILE_NOT_FOUND'],
  deleteDigitalFile: ['DIGITAL_FILE_NOT_FOUND', 'DIGITAL_FILE_IN_USE'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** 413 DIGITAL_FILE_TOO_LARGE, naming the limit. */
export const digitalFileTooLarge = () =>
  new ApiError('DIGITAL_FILE_TOO_LARGE', {
    message: `The file is larger than ${DIGITAL_FILE_MAX_BYTES / 1024 / 1024} MiB (${DIGITAL_FILE_MAX_BYTES} bytes), the upload limit.`,
    details: [{ field: 'body', message: `At most ${DIGITAL_FILE_MAX_BYTES} bytes.` }],
  });

/**
 * Where a shop's sold files live: beside its images but under `files/`, a prefix the public
 * storage route never serves; buyers reach them only through an authorised download.
 */
export const newFileKey = (shopId: string) => `${shopId}/files/${crypto.randomUUID()}`;

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** The declared media type without parameters, or application/octet-stream when unusable. */
export function contentTypeOf(header: string | undefined): string {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return MIME.test(type) && type.length <= 127 ? type : 'application/octet-stream';
}

/** A file as the merchant API shows it. */
export function toDigitalFile(row: FileRow): DigitalFile {
  return {
    id: row.id,
    object: TYPE,
    filename: row.filename,
    title: row.title,
    content_type: row.mimeType,
    size: row.sizeBytes,
    product_id: row.productId,
    download_limit: row.downloadLimit,
    download_days: row.downloadDays,
    active: row.active,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listDigitalFiles(db: Db, shopId: string, params: ListParams) {
  const page = await listPage(db, digitalFiles, shopId, params, (keyset) => files.page(db, keyset));
  return { data: page.rows.map(toDigitalFile), hasMore: page.hasMore };
}

export async function getDigitalFile(db: Db, shopId: string, id: string) {
  const row = await files.one(db, shopId, id);
  if (!row) throw new ApiError('DIGITAL_FILE_NOT_FOUND');
  return toDigitalFile(row);
}

export type FileUpload = {
  /** A new key (`newFileKey`): only the row this upload commits ever names it. */
  key: string;
  bytes: Uint8Array;
  filename: string;
  title?: string | undefined;
  contentType: string;
};

/** Checks an upload's size: empty is DIGITAL_FILE_EMPTY, over the limit DIGITAL_FILE_TOO_LARGE. */
export function checkFileSize(bytes: Uint8Array): void {
  if (bytes.byteLength > DIGITAL_FILE_MAX_BYTES) throw digitalFileTooLarge();
  if (bytes.byteLength === 0) {
    throw new ApiError('DIGITAL_FILE_EMPTY', {
      details: [{ field: 'body', message: 'No bytes.' }],
    });
  }
}

/**
 * The create verb: inserts the row (not yet given to a product), writes the private object
 * and records the audit in the caller's transaction. Run it through `keepOnlyIfCommitted`.
 */
export async function createDigitalFile(w: WriteScope, storage: Storage, upload: FileUpload) {
  checkFileSize(upload.bytes);
  const storageKey = upload.key;
  const row = await files.insert(w.tx, w.shop.id, {
    filename: upload.filename,
    title: upload.title ?? '',
    storageKey,
    mimeType: upload.contentType,
    sizeBytes: upload.bytes.byteLength,
  });
  await storage.put(storageKey, upload.bytes, upload.contentType);
  const file = toDigitalFile(row);
  await w.audit({
    action: 'create',
    resourceType: TYPE,
    resourceId: row.id,
    before: null,
    after: file,
  });
  return file;
}

const valuesOf = (input: DigitalFileUpdate) =>
  defined({
    filename: input.filename,
    title: input.title,
    downloadLimit: input.download_limit,
    downloadDays: input.download_days,
    active: input.active,
  });

/** Changes the name, title, limits or availability; buyers' next downloads follow. */
export async function updateDigitalFile(w: WriteScope, id: string, input: DigitalFileUpdate) {
  const current = await files.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('DIGITAL_FILE_NOT_FOUND');
  w.expectVersion(current.version);
  const before = toDigitalFile(current);
  const values = valuesOf(input);
  if (unchanged(before, toDigitalFile({ ...current, ...values }))) return before;
  const after = toDigitalFile(await files.update(w.tx, w.shop.id, id, values));
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before, after });
  return after;
}

/**
 * Deletes a file no product sells and no order was granted; otherwise 409
 * DIGITAL_FILE_IN_USE (buyers keep their downloads: set `active: false` to stop them).
 * Its object is removed from storage once the deletion has committed.
 */
export async function deleteDigitalFile(w: WriteScope, id: string) {
  const current = await files.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('DIGITAL_FILE_NOT_FOUND');
  w.expectVersion(current.version);
  const grants = await countGrants(w.tx, w.shop.id, id);
  if (current.productId || grants > 0) {
    const uses = [
      ...(current.productId ? [{ field: 'product_id', message: 'A product sells it.' }] : []),
      ...(grants > 0 ? [{ field: 'orders', message: `${grants} orders were granted it.` }] : []),
    ];
    throw new ApiError('DIGITAL_FILE_IN_USE', {
      message: `The file is still in use: ${uses.map((u) => u.message).join(' ')} Remove it from its product, or set active: false to stop downloads.`,
      details: uses,
    });
  }
  await files.remove(w.tx, w.shop.id, id);
  await w.audit({
    action: 'delete',
    resourceType: TYPE,
    resourceId: id,
    before: toDigitalFile(current),
    after: null,
  });
  const { storage, log } = w.services;
  w.afterCommit(() =>
    removeDeletedObject(storage, log, current.storageKey, {
      message: 'a deleted file could not be removed from storage',
      id,
    }),
  );
  return { id, object: TYPE, deleted: true as const };
}

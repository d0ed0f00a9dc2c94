import { removeDeletedObject } from '../../adapters/storage';
import { unchanged } from '../../admin-kit/audit';
import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import { defined } from '../../lib/defined';
import { countMediaUses, mediaRows } from './queries';
import type { MediaUpdate } from './schemas';
import { mediaKey } from './store';
import { MEDIA_TYPE, toMedia } from './view';

export { MEDIA_MAX_BYTES, prepareImage, storeImage } from './store';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  createMedia: ['MEDIA_TOO_LARGE', 'MEDIA_TYPE_UNSUPPORTED'],
  getMedia: ['MEDIA_NOT_FOUND'],
  updateMedia: ['MEDIA_NOT_FOUND'],
  deleteMedia: ['MEDIA_NOT_FOUND', 'MEDIA_IN_USE'],
} as const satisfies Record<string, readonly ErrorCode[]>;

export async function listMedia(db: Db, shopId: string, base: string, params: ListParams) {
  const page = await listPage(db, media, shopId, params, (keyset) => mediaRows.page(db, keyset));
  return { data: page.rows.map((row) => toMedia(row, base)), hasMore: page.hasMore };
}

export async function getMedia(db: Db, shopId: string, base: string, id: string) {
  const row = await mediaRows.one(db, shopId, id);
  if (!row) throw new ApiError('MEDIA_NOT_FOUND');
  return toMedia(row, base);
}

/** Changes the alternative text; the storefront shows it as the image `title` at once. */
export async function updateMedia(w: WriteScope, base: string, id: string, input: MediaUpdate) {
  const current = await mediaRows.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('MEDIA_NOT_FOUND');
  w.expectVersion(current.version);
  const before = toMedia(current, base);
  const values = defined({ title: input.alt });
  if (unchanged(before, toMedia({ ...current, ...values }, base))) return before;
  const after = toMedia(await mediaRows.update(w.tx, w.shop.id, id, values), base);
  await w.audit({ action: 'update', resourceType: MEDIA_TYPE, resourceId: id, before, after });
  return after;
}

/**
 * Deletes an image nothing uses; one still shown by a product, variant, category, pickup
 * point or the settings is 409 MEDIA_IN_USE with the count of each. Its object is removed
 * from storage once the deletion has committed.
 */
export async function deleteMedia(w: WriteScope, base: string, id: string) {
  const current = await mediaRows.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('MEDIA_NOT_FOUND');
  w.expectVersion(current.version);
  const uses = await countMediaUses(w.tx, w.shop.id, id);
  const used = Object.entries(uses).filter(([, count]) => count > 0);
  if (used.length > 0) {
    throw new ApiError('MEDIA_IN_USE', {
      message: `The image is still used by ${used.map(([what, n]) => `${n} ${what.replace('_', ' ')}`).join(', ')}; remove it from them first.`,
      details: used.map(([what, n]) => ({ field: what, message: `Used by ${n}.` })),
    });
  }
  await mediaRows.remove(w.tx, w.shop.id, id);
  await w.audit({
    action: 'delete',
    resourceType: MEDIA_TYPE,
    resourceId: id,
    before: toMedia(current, base),
    after: null,
  });
  const { storage, log } = w.services;
  w.afterCommit(() =>
    removeDeletedObject(storage, log, mediaKey(w.shop.id, current.filename), {
      message: 'a deleted image could not be removed from storage',
      id,
    }),
  );
  return { id, object: MEDIA_TYPE, deleted: true as const };
}

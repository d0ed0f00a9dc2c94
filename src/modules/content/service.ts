import type { Db } from '../../db/client';
import { ApiError, type ErrorCode } from '../../errors';
import { toShapeA } from '../../http/schemas';
import { isUuid } from '../../lib/uuid';
import { type EntryRow, selectModelEntry, selectModelListing } from './queries';
import type { ContentCollection, ContentEntry } from './schemas';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getModelContent: ['CONTENT_MODEL_NOT_FOUND'],
  getModelEntry: ['CONTENT_MODEL_NOT_FOUND', 'CONTENT_ENTRY_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entry as clients see it: the merchant's fields, then `_id` and `updatedAt` over them. */
export function toEntry(row: EntryRow): ContentEntry {
  return { ...(isRecord(row.data) ? row.data : {}), _id: row.id, updatedAt: row.updatedAt };
}

/**
 * What GET /content/:modelSlug answers: a collection's page (Shape A) or a singleton's
 * entry (null when none is published). CONTENT_MODEL_NOT_FOUND for an unknown slug.
 */
export async function getModelContent(
  db: Db,
  shopId: string,
  slug: string,
  paging: { page: number; limit: number },
): Promise<ContentCollection | ContentEntry | null> {
  const listing = await selectModelListing(db, { shopId, slug, ...paging });
  if (!listing) throw new ApiError('CONTENT_MODEL_NOT_FOUND');
  if (listing.kind === 'singleton') return listing.entry && toEntry(listing.entry);
  return toShapeA(listing.entries.map(toEntry), listing.total, paging.page, paging.limit);
}

/** One published entry of a model; CONTENT_MODEL_NOT_FOUND or CONTENT_ENTRY_NOT_FOUND. */
export async function getModelEntry(
  db: Db,
  shopId: string,
  slug: string,
  entryId: string,
): Promise<ContentEntry> {
  const found = await selectModelEntry(db, {
    shopId,
    slug,
    entryId: isUuid(entryId) ? entryId : null,
  });
  if (!found) throw new ApiError('CONTENT_MODEL_NOT_FOUND');
  if (!found.entry) throw new ApiError('CONTENT_ENTRY_NOT_FOUND');
  return toEntry(found.entry);
}

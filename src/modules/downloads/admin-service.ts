import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { Db } from '../../db/client';
import { downloadGrants } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import { type GrantRow, resetGrantCount, selectGrant, selectGrantPage } from './admin-queries';
import type { DownloadGrant } from './admin-schemas';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getDownloadGrant: ['DOWNLOAD_GRANT_NOT_FOUND'],
  resetDownloadGrant: ['DOWNLOAD_GRANT_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

export function toDownloadGrant(row: GrantRow): DownloadGrant {
  return {
    id: row.id,
    object: 'download_grant',
    order_id: row.orderId,
    customer_id: row.customerId,
    product_id: row.productId,
    file_id: row.fileId,
    active: row.active,
    download_limit: row.downloadLimit,
    download_count: row.downloadCount,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listDownloadGrants(
  db: Db,
  shopId: string,
  params: ListParams & { order_id?: string; customer_id?: string },
) {
  const filters = { orderId: params.order_id, customerId: params.customer_id };
  const page = await listPage(db, downloadGrants, shopId, params, (keyset) =>
    selectGrantPage(db, keyset, filters),
  );
  return { data: page.rows.map(toDownloadGrant), hasMore: page.hasMore };
}

export async function getDownloadGrant(db: Db, shopId: string, id: string) {
  const row = await selectGrant(db, shopId, id);
  if (!row) throw new ApiError('DOWNLOAD_GRANT_NOT_FOUND');
  return toDownloadGrant(row);
}

/** Gives a purchase its downloads back: the count returns to zero (limit and period stay). */
export async function resetDownloadGrant(w: WriteScope, id: string) {
  const current = await selectGrant(w.tx, w.shop.id, id, { lock: true });
  if (!current) throw new ApiError('DOWNLOAD_GRANT_NOT_FOUND');
  const before = toDownloadGrant(current);
  if (current.downloadCount === 0) return before;
  await resetGrantCount(w.tx, w.shop.id, id);
  const after = { ...before, download_count: 0 };
  await w.audit({
    action: 'update',
    resourceType: 'download_grant',
    resourceId: id,
    before,
    after,
  });
  return after;
}

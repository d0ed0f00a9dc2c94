import type { Storage, StoredObject } from '../../adapters/storage';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { assertSessionUsable } from '../../identity/sessions';
import type { TokenClaims } from '../../identity/tokens';
import { uuidOrNull } from '../../lib/uuid';
import { selectDownloadCheck, takeDownload } from './queries';

/**
 * `Content-Disposition: attachment` for `filename` (RFC 6266): a plain ASCII fallback in
 * `filename` and the exact name, percent-encoded UTF-8, in `filename*`.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export type Download = { object: StoredObject; filename: string; mimeType: string };

/**
 * POST /orders/download-files/:id. The session check (sessionCheckSql) is part of the first
 * statement. The order must be the customer's and fully paid, the file granted to it,
 * active, inside its period and under its limit. The object is looked up in storage before
 * the download is counted, so a missing file costs no download; the count is then taken
 * atomically, and only a counted download is streamed.
 */
export async function openDownload(
  db: Db,
  storage: Storage,
  shop: ShopContext,
  claims: TokenClaims,
  input: { orderId: string; productId: string; fileId: string },
): Promise<Download> {
  const check = await selectDownloadCheck(db, {
    shopId: shop.id,
    claims,
    orderId: uuidOrNull(input.orderId),
    productId: uuidOrNull(input.productId),
    fileId: uuidOrNull(input.fileId),
  });
  assertSessionUsable(check);
  if (!check.orderFound) throw new ApiError('ORDER_NOT_FOUND');
  // Downloadables of an unpaid order are not shown, so they read as not there.
  if (!check.paid || !check.productGranted) throw new ApiError('DOWNLOAD_PRODUCT_NOT_FOUND');
  const { grant } = check;
  if (!grant) throw new ApiError('DOWNLOAD_FILE_NOT_FOUND');
  if (!grant.active) throw new ApiError('DOWNLOAD_NOT_ACTIVE');
  if (grant.expired) throw new ApiError('DOWNLOAD_EXPIRED');
  if (grant.exhausted) throw new ApiError('DOWNLOAD_LIMIT_REACHED');
  const object = await storage.get(grant.storageKey);
  if (!object) throw new ApiError('DOWNLOAD_FILE_MISSING');
  const taken = await takeDownload(db, shop.id, grant.id);
  if (!taken.taken) {
    await object.body.cancel();
    if (!taken.active) throw new ApiError('DOWNLOAD_NOT_ACTIVE');
    if (taken.expired) throw new ApiError('DOWNLOAD_EXPIRED');
    throw new ApiError('DOWNLOAD_LIMIT_REACHED');
  }
  return { object, filename: grant.filename, mimeType: grant.mimeType };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type SessionCheck, sessionCheckSql } from '../../identity/sessions';
import type { TokenClaims } from '../../identity/tokens';

/** What decides a download request, read in one statement. */
export type DownloadCheckRow = SessionCheck & {
  orderFound: boolean;
  /** The order is fully paid. */
  paid: boolean;
  /** The order grants at least one file of the product. */
  productGranted: boolean;
  grant: {
    id: string;
    active: boolean;
    expired: boolean;
    exhausted: boolean;
    storageKey: string;
    filename: string;
    mimeType: string;
  } | null;
};

/**
 * The session check of `claims` and, when usable, the caller's order and its grant of
 * `fileId` of `productId`, in one statement. Null ids match nothing.
 */
export async function selectDownloadCheck(
  db: Db,
  input: {
    shopId: string;
    claims: TokenClaims;
    orderId: string | null;
    productId: string | null;
    fileId: string | null;
  },
) {
  const result = await db.execute<DownloadCheckRow>(sql`
    with g as (${sessionCheckSql(input.shopId, input.claims)})
    select g.*, o.id is not null as "orderFound",
      coalesce(o.payment_status = 'fully-paid', false) as paid,
      exists (select 1 from download_grants dg where dg.shop_id = o.shop_id
        and dg.order_id = o.id and dg.product_id = ${input.productId}::uuid) as "productGranted",
      (select json_build_object('id', dg.id, 'active', dg.active and f.active,
          'expired', dg.expires_at is not null and dg.expires_at <= now(),
          'exhausted', dg.download_limit is not null and dg.download_count >= dg.download_limit,
          'storageKey', f.storage_key, 'filename', f.filename, 'mimeType', f.mime_type)
        from download_grants dg
        join digital_files f on f.shop_id = dg.shop_id and f.id = dg.file_id
        where dg.shop_id = o.shop_id and dg.order_id = o.id
          and dg.product_id = ${input.productId}::uuid and dg.file_id = ${input.fileId}::uuid)
        as "grant"
    from g
    left join orders o on g.usable and o.shop_id = ${input.shopId}
      and o.id = ${input.orderId}::uuid and o.customer_id = ${input.claims.customerId}
  `);
  const row = result.rows[0];
  if (!row) throw new Error('session check returned no row');
  return row;
}

/**
 * Counts one download of a grant, in one conditional statement: only while the grant and
 * its file are active, the period has not ended and the limit is not reached, so parallel
 * requests can never download more often than allowed. Reports why when nothing was taken.
 */
export async function takeDownload(db: Db, shopId: string, grantId: string) {
  const result = await db.execute<{ taken: boolean; active: boolean; expired: boolean }>(sql`
    with taken as (
      update download_grants g set download_count = g.download_count + 1
      from digital_files f
      where g.shop_id = ${shopId} and g.id = ${grantId} and f.shop_id = g.shop_id
        and f.id = g.file_id and g.active and f.active
        and (g.expires_at is null or g.expires_at > now())
        and (g.download_limit is null or g.download_count < g.download_limit)
      returning g.id
    )
    select exists (select 1 from taken) as taken, g.active and f.active as active,
      g.expires_at is not null and g.expires_at <= now() as expired
    from download_grants g join digital_files f on f.shop_id = g.shop_id and f.id = g.file_id
    where g.shop_id = ${shopId} and g.id = ${grantId}
  `);
  return result.rows[0] ?? { taken: false, active: false, expired: false };
}

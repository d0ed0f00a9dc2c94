import { and, eq, sql } from 'drizzle-orm';
import { versionedRows } from '../../admin-kit/rows';
import type { Tx } from '../../db/client';
import { media } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;

/** Read one, read a page, lock, insert, update, delete: each filtered by shop. */
export const mediaRows = versionedRows(media);

/** Where an image is used, by kind of user: what a delete would take it away from. */
export type MediaUses = {
  products: number;
  variants: number;
  categories: number;
  pickup_locations: number;
  settings: number;
  content_entries: number;
};

/**
 * Everything of the shop that shows the image, counted in one statement: product and
 * variant galleries, category images, pickup points, the logos and icon of the settings, and
 * the image fields of content entries (which hold the image object, `_id` first).
 */
export async function countMediaUses(tx: Tx, shopId: string, mediaId: string): Promise<MediaUses> {
  const result = await tx.execute<MediaUses>(sql`
    select
      (select count(distinct pm.product_id)::int from product_media pm
        where pm.shop_id = ${shopId} and pm.media_id = ${mediaId}) as products,
      (select count(distinct vm.variant_id)::int from variant_media vm
        where vm.shop_id = ${shopId} and vm.media_id = ${mediaId}) as variants,
      (select count(*)::int from categories c where c.shop_id = ${shopId}
        and (c.image_id = ${mediaId} or c.header_image_id = ${mediaId})) as categories,
      (select count(*)::int from pickup_locations p
        where p.shop_id = ${shopId} and p.image_id = ${mediaId}) as pickup_locations,
      (select count(*)::int from shop_settings s where s.shop_id = ${shopId}
        and ${mediaId} in (s.document->'branding'->>'logoId', s.document->'footerConfig'->>'logoId',
          s.document->'seo'->>'iconId')) as settings,
      (select count(*)::int from content_entries e where e.shop_id = ${shopId}
        and jsonb_path_exists(e.data, '$.*._id ? (@ == $id)', jsonb_build_object('id', ${mediaId}::text)))
        as content_entries
  `);
  const row = result.rows[0];
  if (!row) throw new Error('the use count returned no row');
  return row;
}

/** Whether `mediaId` is an image of the shop. */
export async function isMediaOfShop(tx: Tx, shopId: string, mediaId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.shopId, shopId), eq(media.id, mediaId)));
  return row !== undefined;
}

import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { versionedRows } from '../../admin-kit/rows';
import type { Db, Tx } from '../../db/client';
import { reviews } from '../../db/schema';
import { isUuid } from '../../lib/uuid';

/** The product a review is about, as a card names it: title, handle and first image. */
export type ReviewedProduct = { id: string; title: string; slug: string; image_id: string | null };

/**
 * A review with its variant's label ("Small / Sand", Postgres' `variant_label`) and its
 * product's summary (null once the product is gone), read in the same statement.
 */
export type ReviewRow = typeof reviews.$inferSelect & {
  variantLabel: string;
  product: ReviewedProduct | null;
};

const columns = {
  ...getTableColumns(reviews),
  variantLabel: sql<string>`variant_label(${reviews.shopId}, ${reviews.variationLabel})`,
  product: sql<ReviewedProduct | null>`(select json_build_object('id', p.id, 'title', p.title,
      'slug', p.slug, 'image_id', (select pm.media_id from product_media pm
        where pm.shop_id = p.shop_id and pm.product_id = p.id
        order by pm.position, pm.media_id limit 1))
    from products p where p.shop_id = ${reviews.shopId} and p.id = ${reviews.productId})`,
};

/** One review of the shop with its variant label (locked `FOR UPDATE` in a transaction when asked). */
export async function selectReview(
  db: Db | Tx,
  shopId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ReviewRow | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select(columns)
    .from(reviews)
    .where(and(eq(reviews.shopId, shopId), eq(reviews.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Update, filtered by shop (reads go through selectReview, which adds the label). */
export const reviewRows = versionedRows(reviews);

/** The queue's first key: pending reviews (0) come before approved ones (1). */
const rankOf = (alias: string) =>
  sql.raw(`(case when ${alias}."status" = 'pending' then 0 else 1 end)`);

export type QueueFilters = {
  status?: ReviewRow['status'];
  hidden?: boolean;
  productId?: string;
};

export type QueueCursor = { id: string; backwards: boolean } | null;

/**
 * The keyset of the moderation queue: (pending first, newest first, id). `cursor` is a
 * review of the shop; the page starts after it (or ends before it, backwards).
 */
function queueAfter(shopId: string, cursor: QueueCursor): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`(select ${rankOf('c')} as rank, c.created_at, c.id from reviews c
    where c.shop_id = ${shopId} and c.id = ${cursor.id})`;
  const rank = rankOf('"reviews"');
  const position = sql.raw('("reviews"."created_at", "reviews"."id")');
  return cursor.backwards
    ? sql`exists (select 1 from ${at} k where ${rank} < k.rank
        or (${rank} = k.rank and ${position} > (k.created_at, k.id)))`
    : sql`exists (select 1 from ${at} k where ${rank} > k.rank
        or (${rank} = k.rank and ${position} < (k.created_at, k.id)))`;
}

/** One page of the queue, `limit` rows (ask one more to learn whether another page follows). */
export function selectQueuePage(
  db: Db,
  shopId: string,
  filters: QueueFilters,
  cursor: QueueCursor,
  limit: number,
): Promise<ReviewRow[]> {
  const order = cursor?.backwards ? [desc, asc, asc] : [asc, desc, desc];
  const [byRank, byTime, byId] = order as [typeof asc, typeof asc, typeof asc];
  return db
    .select(columns)
    .from(reviews)
    .where(
      and(
        eq(reviews.shopId, shopId),
        filters.status ? eq(reviews.status, filters.status) : undefined,
        filters.hidden === undefined ? undefined : eq(reviews.hidden, filters.hidden),
        filters.productId ? eq(reviews.productId, filters.productId) : undefined,
        queueAfter(shopId, cursor),
      ),
    )
    .orderBy(byRank(rankOf('"reviews"')), byTime(reviews.createdAt), byId(reviews.id))
    .limit(limit);
}

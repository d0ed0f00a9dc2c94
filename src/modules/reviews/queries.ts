import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoTimestamp, jsonArray } from '../../db/json';
import { type SessionCheck, sessionCheckSql } from '../../identity/sessions';
import type { TokenClaims } from '../../identity/tokens';
import { listedReview, listedReviewStats } from '../../read-models/product-ratings';
import { deliveryIdsSql, eventCtes } from '../webhooks/events';

/** Order states in which the products of an order may be reviewed. */
export const REVIEWABLE_ORDER_STATUSES = ['delivered', 'completed', 'cancelled', 'refunded'];

/** The published product of this shop, as a one-row left join (`p.id` null when not found). */
const publishedProduct = (shopId: string, productId: string) => sql`
  from (select 1) k
  left join products p on p.id = ${productId} and p.shop_id = ${shopId} and p.status = 'published'`;

export type ReviewListRow = {
  found: boolean;
  reviews: Array<{
    _id: string;
    productId: string;
    rating: number;
    comment: string;
    variationLabel: string;
    status: 'approved';
    date: string;
    media: Array<Record<string, unknown>>;
    buyerName: string;
  }>;
};

/** One page of a product's listed reviews, newest first, in one statement. */
export async function selectReviewPage(
  db: Db,
  params: { shopId: string; productId: string; limit: number; offset: number },
): Promise<ReviewListRow> {
  const { shopId, productId, limit, offset } = params;
  const result = await db.execute(sql`
    select p.id is not null as found,
      (select ${jsonArray(
        sql`json_build_object('_id', r.id, 'productId', r.product_id, 'rating', r.rating,
          'comment', r.comment, 'variationLabel', r.variation_label, 'status', r.status,
          'date', ${isoTimestamp(sql`r.created_at`)}, 'media', r.media, 'buyerName', r.buyer_name)`,
        sql`r.created_at desc, r.id desc`,
      )}
      from (
        select * from reviews r
        where r.shop_id = ${shopId} and r.product_id = p.id and ${listedReview('r')}
        order by r.created_at desc, r.id desc
        limit ${limit} offset ${offset}
      ) r) as reviews
    ${publishedProduct(shopId, productId)}
  `);
  return result.rows[0] as ReviewListRow;
}

export type ReviewSummaryRow = { found: boolean; average: number; count: number; hidden: number };

/** Average and count of listed reviews and the number hidden, in one statement. */
export async function selectReviewSummary(
  db: Db,
  shopId: string,
  productId: string,
): Promise<ReviewSummaryRow> {
  const result = await db.execute(sql`
    select p.id is not null as found, rs.average::float8 as average, rs.count,
      (select count(*)::int from reviews h
        where h.shop_id = ${shopId} and h.product_id = p.id and h.hidden) as hidden
    ${publishedProduct(shopId, productId)}
    cross join lateral ${listedReviewStats('p')} rs
  `);
  return result.rows[0] as ReviewSummaryRow;
}

export type MyReviewsRow = SessionCheck & {
  usable: boolean;
  orderFound: boolean;
  reviews: Array<{
    _id: string;
    productId: string;
    rating: number;
    comment: string;
    status: 'pending' | 'approved';
    date: string;
  }>;
};

/**
 * The caller's reviews of one of their orders, with the check of their session, in one
 * statement. Nothing of the order is read unless the session is usable.
 */
export async function selectMyReviews(
  db: Db,
  shopId: string,
  claims: TokenClaims,
  orderId: string,
): Promise<MyReviewsRow> {
  const result = await db.execute(sql`
    with g as (${sessionCheckSql(shopId, claims)})
    select g.*, o.id is not null as "orderFound",
      (select ${jsonArray(
        sql`json_build_object('_id', r.id, 'productId', r.product_id, 'rating', r.rating,
          'comment', r.comment, 'status', r.status, 'date', ${isoTimestamp(sql`r.created_at`)})`,
        sql`r.created_at desc, r.id desc`,
      )}
      from reviews r
      where r.shop_id = ${shopId} and r.order_id = o.id and r.customer_id = ${claims.customerId}
      ) as reviews
    from g
    left join orders o on g.usable and o.id = ${orderId} and o.shop_id = ${shopId}
      and o.customer_id = ${claims.customerId}
  `);
  return result.rows[0] as MyReviewsRow;
}

export type CreateReviewRow = SessionCheck & {
  usable: boolean;
  /** Deliveries of the `review.created` webhook event, written by the same statement. */
  webhookDeliveries: string[];
  allowed: boolean;
  orderStatus: string | null;
  inOrder: boolean;
  review: {
    _id: string;
    productId: string;
    orderId: string;
    rating: number;
    comment: string;
    variationLabel: string;
    status: 'pending';
    date: string;
  } | null;
};

/**
 * Creates a review in one statement: the session check, the shop's review setting, the
 * caller's order, its status and the ordered product are all conditions of one
 * INSERT ... SELECT, and the row reports which one failed. The unique index on
 * (shop, order, product) with ON CONFLICT DO NOTHING keeps concurrent posts to one review;
 * the review's `review.created` webhook event is recorded by the same statement.
 * The stored variation label is one the order really has for the product: the requested
 * one when ordered, else the first ordered variation.
 */
export async function insertReview(
  db: Db,
  params: {
    shopId: string;
    claims: TokenClaims;
    orderId: string;
    productId: string;
    variationLabel: string;
    rating: number;
    comment: string;
    /** SQL: whether the shop takes new reviews (its settings' `reviewsAllowedSql`). */
    allowed: SQL;
  },
): Promise<CreateReviewRow> {
  const { shopId, claims, orderId, productId, variationLabel, rating, comment, allowed } = params;
  const customerId = claims.customerId;
  const statuses = sql.join(
    REVIEWABLE_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with g as (${sessionCheckSql(shopId, claims)}),
    cfg as (select ${allowed} as allowed),
    o as (
      select ord.id, ord.name, ord.status from orders ord, g
      where g.usable and ord.id = ${orderId} and ord.shop_id = ${shopId}
        and ord.customer_id = ${customerId}
    ),
    l as (
      select ol.variation_key from order_lines ol join o on o.id = ol.order_id
      where ol.shop_id = ${shopId} and ol.product_id = ${productId}
      order by (ol.variation_key = ${variationLabel}) desc, ol.created_at, ol.id
      limit 1
    ),
    ins as (
      insert into reviews (shop_id, product_id, order_id, customer_id, buyer_name,
        variation_label, rating, comment, status)
      select ${shopId}, ${productId}, o.id, ${customerId}, coalesce(nullif(c.name, ''), o.name),
        l.variation_key, ${rating}, ${comment}, 'pending'
      from o cross join l cross join cfg
      left join customers c on c.id = ${customerId} and c.shop_id = ${shopId}
      where cfg.allowed and o.status in (${statuses})
      on conflict (shop_id, order_id, product_id) do nothing
      returning json_build_object('_id', id, 'productId', product_id, 'orderId', order_id,
        'rating', rating, 'comment', comment, 'variationLabel', variation_label,
        'status', status, 'date', ${isoTimestamp(sql`created_at`)}) as review
    ),
    ${eventCtes('review_hook', shopId, 'review.created', sql`select review::jsonb as data from ins`)}
    select g.*, cfg.allowed, (select status from o) as "orderStatus",
      exists (select 1 from l) as "inOrder", (select review from ins) as review,
      ${deliveryIdsSql('review_hook')} as "webhookDeliveries"
    from g cross join cfg
  `);
  return result.rows[0] as CreateReviewRow;
}

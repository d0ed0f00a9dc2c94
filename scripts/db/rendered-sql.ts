/**
 * Database functions whose queries are rendered from their one definition in TypeScript:
 * product cards (`cardSelect`, src/read-models/product-cards.ts), search matches
 * (`searchHitsQuery`, src/read-models/search.ts), checkout's reads (`checkoutSql`) and a
 * product's detail (`productDetailSql`). When a definition changes, print its
 * functions and put them in a new migration; test/unit/scripts/db/rendered-sql.test.ts fails until the
 * migrations hold today's rendering.
 *
 *   npx tsx scripts/db/rendered-sql.ts cards|search|checkout|detail|stock|settle
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { couponByCodeQuery } from '../../src/modules/coupons/queries';
import { settleOrderSql, stockShortQuery } from '../../src/modules/orders/queries/stock';
import { orderContextSql } from '../../src/modules/orders/service/context';
import { productDetailQuery } from '../../src/modules/products/queries/detail';
import { cartCatalogQuery } from '../../src/modules/products/queries/pricing';
import { cardSelect } from '../../src/read-models/product-cards';
import { searchHitsQuery } from '../../src/read-models/search';

const COLUMNS = [
  'shop_id',
  'created_at',
  'sort_title',
  'featured',
  'low_price',
  'high_price',
  'on_sale',
  'in_stock',
  'fresh_until',
  'search_vector',
  'item',
];

/** A fragment as plain SQL; it must take no parameters. */
function render(fragment: SQL): string {
  const query = new PgDialect().sqlToQuery(fragment);
  if (query.params.length > 0) throw new Error('a rendered query must not take parameters');
  return query.sql;
}

/** At most this many cards are built with the plan made once per connection (below). */
const FEW_CARDS = 32;

/**
 * The CREATE FUNCTION statements of public.product_cards_build(uuid[]), the cards of those
 * products (published ones only) as they would be built now; of
 * public.product_cards_build_few(uuid[]), the same for a few products; and of
 * public.product_cards_refresh(uuid[]), which stores them. plpgsql, so a reader calling the
 * builder for a card past its fresh_until does not plan its body in every statement.
 *
 * The builder for a few cards always uses the generic plan, made once per connection: left
 * to choose, plpgsql kept planning the query for each call (its generic plan looked dearer
 * than the plans for one id), about 1.5 ms each time an order's stock changed one card,
 * more than building it. Many cards (a bulk edit, an import) keep a plan made for their
 * number (`auto`: the refresh's own setting would otherwise reach the builder it calls).
 * The refresh's statements take their generic plans too: its DELETE of unpublished cards
 * was planned afresh at every call, a quarter of a millisecond of every order.
 */
export function productCardsSql(): string {
  const old = (c: string) => (c === 'item' ? 'c.item::text' : `c.${c}`);
  const excluded = (c: string) => (c === 'item' ? 'excluded.item::text' : `excluded.${c}`);
  const builder = (
    name: string,
    settings: string,
  ) => `CREATE OR REPLACE FUNCTION public.${name}(ids uuid[])
  RETURNS SETOF public.product_cards
  LANGUAGE plpgsql STABLE
  SET search_path = public${settings}
  AS $$
BEGIN
  RETURN QUERY
  ${render(cardSelect)}
  WHERE p.id = ANY (ids) AND p.status = 'published'
  ORDER BY p.id;
END
$$;`;
  const store = (
    builderName: string,
  ) => `INSERT INTO public.product_cards AS c (id, ${COLUMNS.join(', ')})
    SELECT b.* FROM public.${builderName}(ids) b
    WHERE EXISTS (SELECT 1 FROM public.shops sh WHERE sh.id = b.shop_id)
    ORDER BY b.id
    ON CONFLICT (id) DO UPDATE SET ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}
    WHERE (${COLUMNS.map(old).join(', ')})
      IS DISTINCT FROM (${COLUMNS.map(excluded).join(', ')});`;
  return `${builder('product_cards_build', '\n  SET plan_cache_mode = auto')}--> statement-breakpoint
${builder('product_cards_build_few', '\n  SET plan_cache_mode = force_generic_plan')}--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.product_cards_refresh(ids uuid[]) RETURNS void
  LANGUAGE plpgsql VOLATILE
  SET plan_cache_mode = force_generic_plan
  AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(ids) <= ${FEW_CARDS} THEN
    ${store('product_cards_build_few')}
  ELSE
    ${store('product_cards_build')}
  END IF;
  DELETE FROM public.product_cards c
  WHERE c.id = ANY (ids) AND NOT EXISTS (
    SELECT 1 FROM public.products p WHERE p.id = c.id AND p.status = 'published');
END
$$;`;
}

/**
 * The CREATE FUNCTION statement of public.search_hits(shop, term, with_categories): every
 * match of a term in a shop's published products and categories, ranked (searchHitsQuery).
 * plpgsql, so its plan is kept for the session; always the generic plan, made once: a custom
 * plan for each of a session's first five searches cost the big shop of bench/SCALE.md about
 * three times the generic one (its planning and its execution), and the generic plan is what
 * every later search ran anyway.
 */
export function searchHitsSql(): string {
  const query = searchHitsQuery(sql.raw('shop'), sql.raw('term'), sql.raw('with_categories'));
  return `CREATE OR REPLACE FUNCTION public.search_hits(shop uuid, term text, with_categories boolean)
  RETURNS TABLE (hit_kind text, hit_id uuid, hit_created_at timestamptz, hit_rank integer[])
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  ${render(query)};
END
$$;`;
}

/**
 * A plpgsql function returning `query`'s rows, written with the argument names as raw SQL.
 * STABLE unless it writes. Each connection keeps the plan of its query, where the same text
 * sent as a statement is parsed and planned at every call (Neon's SQL-over-HTTP sends each
 * statement unprepared). The plan is the generic one from the first call: left to choose
 * (`auto`), plpgsql plans the query for the call's values at each of a connection's first
 * five calls before it compares, and keeps doing so if the generic plan's estimate looks
 * dearer. On the scale database a product's detail took 8.7–13.5 ms at calls 2 to 5 of a
 * fresh connection that way, against 2.0–2.6 ms with its generic plan. Every query here
 * finds its rows by the shop and the ids or keys it is given, so one plan serves every call.
 */
function readFunction(spec: {
  name: string;
  args: string;
  returns: string;
  query: SQL;
  volatility?: 'STABLE' | 'VOLATILE';
}): string {
  return `CREATE OR REPLACE FUNCTION ${spec.name}(${spec.args})
  RETURNS TABLE (${spec.returns})
  LANGUAGE plpgsql ${spec.volatility ?? 'STABLE'}
  SET plan_cache_mode = force_generic_plan
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  ${render(spec.query).trim()};
END
$$;`;
}

/**
 * The CREATE FUNCTION statements of the reads every checkout and order makes:
 * public.cart_catalog (cartCatalogQuery), public.checkout_coupon (couponByCodeQuery) and
 * public.order_context (orderContextSql).
 */
export function checkoutSql(): string {
  const raw = sql.raw;
  return [
    readFunction({
      name: 'public.cart_catalog',
      args: 'in_shop uuid, in_lines jsonb',
      returns: `i integer, quantity integer, variation_key text, product_id uuid, variant_id uuid,
    state text, unit_price_minor integer, track_stock boolean, stock integer, title text,
    sku text, is_digital boolean, needs_shipping boolean, category_ids text[]`,
      query: cartCatalogQuery(raw('in_shop'), raw('in_lines')),
    }),
    readFunction({
      name: 'public.checkout_coupon',
      args: 'in_shop uuid, in_code text, in_email text',
      returns: `id uuid, code text, kind public.coupon_kind, value integer, "minTotalMinor" integer,
    open boolean, "usesLeft" boolean, "customerUsesLeft" boolean, "productIds" text[],
    "categoryIds" text[]`,
      query: couponByCodeQuery(raw('in_shop'), raw('in_code'), raw('in_email')),
    }),
    readFunction({
      name: 'public.order_context',
      args: 'in_shop uuid, in_rate uuid, in_pickup uuid, in_idempotency_key text',
      returns: 'document jsonb, provider json, host json, rate json, pickup json, replay json',
      query: orderContextSql(
        raw('in_shop'),
        raw('in_rate'),
        raw('in_pickup'),
        raw('in_idempotency_key'),
      ),
    }),
  ].join('--> statement-breakpoint\n');
}

/**
 * The CREATE FUNCTION statement of public.order_stock_short(shop, products, variants, all):
 * the needs of an order whose committed stock is already too low (stockShortQuery), read at
 * the start of every order's write batch, a sold-out refusal's included.
 */
export function orderStockShortSql(): string {
  const raw = sql.raw;
  return readFunction({
    name: 'public.order_stock_short',
    args: 'in_shop uuid, in_products jsonb, in_variants jsonb, in_all jsonb',
    returns: 'short_ids text',
    query: stockShortQuery(raw('in_shop'), raw('in_products'), raw('in_variants'), raw('in_all')),
  });
}

/**
 * The CREATE FUNCTION statement of public.order_settle: the contended end of every order's
 * write batch (settleOrderSql), which takes the stock, numbers the order, inserts its lines
 * and queues its emails and event. VOLATILE: it writes.
 */
export function orderSettleSql(): string {
  const raw = sql.raw;
  return readFunction({
    name: 'public.order_settle',
    args: `in_shop uuid, in_order uuid, in_products jsonb, in_variants jsonb, in_all jsonb,
    in_lines jsonb, in_emails jsonb, in_placeholder text, in_event jsonb`,
    returns: 'refused bigint, "orderNumber" text, emails json, ids json',
    volatility: 'VOLATILE',
    query: settleOrderSql({
      shop: raw('in_shop'),
      order: raw('in_order'),
      products: raw('in_products'),
      variants: raw('in_variants'),
      all: raw('in_all'),
      lines: raw('in_lines'),
      emails: raw('in_emails'),
      placeholder: raw('in_placeholder'),
      event: raw('in_event'),
    }),
  });
}

/**
 * The CREATE FUNCTION statement of public.product_detail(shop, ref, ref_id): a published
 * product's detail as GET /products/:id answers it (productDetailQuery).
 */
export function productDetailSql(): string {
  return readFunction({
    name: 'public.product_detail',
    args: 'in_shop uuid, in_ref text, in_ref_id uuid',
    returns: 'product jsonb',
    query: productDetailQuery(sql.raw('in_shop'), sql.raw('in_ref'), sql.raw('in_ref_id')),
  });
}

/** Each rendered function by the name the command line and the test use. */
export const RENDERED = {
  cards: productCardsSql,
  search: searchHitsSql,
  checkout: checkoutSql,
  detail: productDetailSql,
  stock: orderStockShortSql,
  settle: orderSettleSql,
} as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv[2] as keyof typeof RENDERED;
  const make = RENDERED[which];
  if (!make) throw new Error('usage: rendered-sql.ts cards|search|checkout|detail|stock|settle');
  console.log(make());
}

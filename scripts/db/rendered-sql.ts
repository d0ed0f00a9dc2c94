/**
 * Database functions whose queries are rendered from their one definition in TypeScript:
 * product cards (`cardSelect`, src/read-models/product-cards.ts) and search matches
 * (`searchHitsQuery`, src/read-models/search.ts). When a definition changes, print its
 * functions and put them in a new migration; test/unit/scripts/db/rendered-sql.test.ts fails until the
 * migrations hold today's rendering.
 *
 *   npx tsx scripts/db/rendered-sql.ts cards|search
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/**
 * The CREATE FUNCTION statements of public.product_cards_build(uuid[]), the cards of those
 * products (published ones only) as they would be built now, and of
 * public.product_cards_refresh(uuid[]), which stores them. plpgsql, so a reader calling the
 * builder for a card past its fresh_until does not plan its body in every statement.
 */
export function productCardsSql(): string {
  const old = (c: string) => (c === 'item' ? 'c.item::text' : `c.${c}`);
  const excluded = (c: string) => (c === 'item' ? 'excluded.item::text' : `excluded.${c}`);
  return `CREATE OR REPLACE FUNCTION public.product_cards_build(ids uuid[])
  RETURNS SETOF public.product_cards
  LANGUAGE plpgsql STABLE
  SET search_path = public
  AS $$
BEGIN
  RETURN QUERY
  ${render(cardSelect)}
  WHERE p.id = ANY (ids) AND p.status = 'published'
  ORDER BY p.id;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.product_cards_refresh(ids uuid[]) RETURNS void
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO public.product_cards AS c (id, ${COLUMNS.join(', ')})
  SELECT b.* FROM public.product_cards_build(ids) b
  WHERE EXISTS (SELECT 1 FROM public.shops sh WHERE sh.id = b.shop_id)
  ORDER BY b.id
  ON CONFLICT (id) DO UPDATE SET ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}
  WHERE (${COLUMNS.map(old).join(', ')})
    IS DISTINCT FROM (${COLUMNS.map(excluded).join(', ')});
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

/** Each rendered function by the name the command line and the test use. */
export const RENDERED = { cards: productCardsSql, search: searchHitsSql } as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv[2] as keyof typeof RENDERED;
  const make = RENDERED[which];
  if (!make) throw new Error('usage: rendered-sql.ts cards|search');
  console.log(make());
}

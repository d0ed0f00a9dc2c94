import { type SQL, sql } from 'drizzle-orm';

/*
 * What a product or variant costs now, as every read shows it: product cards and list items,
 * the product page, cart hydration, checkout's pricing and the catalogue export.
 */

/**
 * SQL: true when the product or variant row aliased `alias` has a sale running now: a sale
 * price is set, lower than the price, and now is within [sale_starts_at, sale_ends_at)
 * (an unset bound is open).
 */
export const saleActive = (alias: string): SQL => {
  const a = sql.raw(alias);
  return sql`(${a}.sale_price_minor is not null and ${a}.price_minor is not null
    and ${a}.sale_price_minor < ${a}.price_minor
    and (${a}.sale_starts_at is null or ${a}.sale_starts_at <= now())
    and (${a}.sale_ends_at is null or now() < ${a}.sale_ends_at))`;
};

/**
 * SQL: the unit price of the product or variant row aliased `alias` now, in minor units,
 * an active sale applied. Every price a customer is shown or charged comes from here.
 */
export const actualPriceMinor = (alias: string): SQL => {
  const a = sql.raw(alias);
  return sql`(case when ${saleActive(alias)} then ${a}.sale_price_minor else ${a}.price_minor end)`;
};

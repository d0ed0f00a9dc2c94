import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkoutSql,
  orderSettleSql,
  orderStockShortSql,
  productCardsSql,
  productDetailSql,
  searchHitsSql,
} from '../../../../scripts/db/rendered-sql';

const DRIZZLE = join(import.meta.dirname, '../../../../drizzle');

/** The text of the latest migration that defines `fn`. */
const latestDefining = (fn: string) =>
  readdirSync(DRIZZLE)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(join(DRIZZLE, name), 'utf8'))
    .filter((text) => text.includes(`FUNCTION ${fn}(`))
    .at(-1);

/**
 * Some database functions run queries whose one definition is in TypeScript (product cards,
 * search matches, checkout's reads). The latest migration defining each must hold today's rendering, so the
 * two cannot drift apart.
 */
describe('SQL rendered into database functions', () => {
  it('defines product cards exactly as cardSelect renders them', () => {
    const latest = latestDefining('public.product_cards_build');
    expect(latest, 'no migration defines public.product_cards_build').toBeDefined();
    expect(latest).toContain(productCardsSql());
  });

  it('defines search matches exactly as searchHitsQuery renders them', () => {
    const latest = latestDefining('public.search_hits');
    expect(latest, 'no migration defines public.search_hits').toBeDefined();
    expect(latest).toContain(searchHitsSql());
  });

  it('defines the product detail exactly as productDetailQuery renders it', () => {
    const latest = latestDefining('public.product_detail');
    expect(latest, 'no migration defines public.product_detail').toBeDefined();
    expect(latest).toContain(productDetailSql());
  });

  it("defines an order's write functions exactly as their queries render them", () => {
    for (const [fn, rendered] of [
      ['public.order_stock_short', orderStockShortSql()],
      ['public.order_settle', orderSettleSql()],
    ] as const) {
      const latest = latestDefining(fn);
      expect(latest, `no migration defines ${fn}`).toBeDefined();
      expect(latest).toContain(rendered);
    }
  });

  it("defines checkout's reads exactly as their queries render them", () => {
    for (const fn of ['public.cart_catalog', 'public.checkout_coupon', 'public.order_context']) {
      const latest = latestDefining(fn);
      expect(latest, `no migration defines ${fn}`).toBeDefined();
      expect(latest).toContain(checkoutSql());
    }
  });
});

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/admin-kit/audit';
import type { WriteScope } from '../../src/admin-kit/write';
import type { Services, ShopContext } from '../../src/app-env';
import { withTransaction } from '../../src/db/client';
import * as s from '../../src/db/schema';
import { ApiError } from '../../src/errors';
import { type ProductInput, ProductInputSchema } from '../../src/modules/products/admin-schemas';
import { upsertProductByHandle } from '../../src/modules/products/admin-service';
import { client } from '../helpers/api';
import { testDatabase, testDb } from '../helpers/db';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/** Runs the import entry point the way an import job does: its own transaction and audit. */
async function upsert(shop: ShopContext, input: ProductInput) {
  return withTransaction(testDatabase(), (tx) => {
    const w: WriteScope = {
      tx,
      shop,
      // The shop has no webhook endpoints, so no effect after the commit reaches services.
      services: undefined as unknown as Services,
      expectVersion: () => {},
      versioned: false,
      audit: (...changes) => recordAudit(tx, shop.id, { keyId: null, requestId: null }, changes),
      afterCommit: () => {},
      requireScope: () => {},
    };
    return upsertProductByHandle(w, ProductInputSchema.parse(input));
  });
}

const auditCount = async (shopId: string, productId: string) =>
  (
    await testDb()
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.shopId, shopId), eq(s.auditEvents.resourceId, productId)))
  ).length;

describe('upsertProductByHandle (the Shopify CSV import entry point)', () => {
  let shop: TestShop;
  let ctx: ShopContext;

  beforeAll(async () => {
    shop = await createTestShop();
    ctx = {
      id: shop.id,
      name: shop.name,
      status: 'active',
      currency: 'EUR',
      currencyDigits: 2,
      refundWindowDays: 14,
      couponsEnabled: true,
      newsletterCap: null,
    };
  });

  const row = (over: Partial<ProductInput> = {}): ProductInput => ({
    title: 'Wool scarf',
    slug: 'wool-scarf',
    options: [{ name: 'Colour', values: ['Grey', 'Navy'] }],
    variants: [
      { option_values: ['Grey'], price: 2500, sku: 'WS-G', stock: 3 },
      { option_values: ['Navy'], price: 2500, sku: 'WS-N', stock: 1 },
    ],
    ...over,
  });

  it('creates, then reports an identical row unchanged, then updates keeping variant ids', async () => {
    const created = await upsert(ctx, row());
    expect(created.action).toBe('created');
    expect(created.product).toMatchObject({ slug: 'wool-scarf', version: 1 });
    expect(created.warnings).toEqual([]);
    expect(await auditCount(shop.id, created.product.id)).toBe(1);

    const same = await upsert(ctx, row());
    expect(same.action).toBe('unchanged');
    expect(same.product).toEqual(created.product);
    expect(await auditCount(shop.id, created.product.id)).toBe(1);

    const updated = await upsert(
      ctx,
      row({
        title: 'Wool scarf (lambswool)',
        variants: [
          { option_values: ['Grey'], price: 2700, sku: 'WS-G' },
          { option_values: ['Navy'], price: 2700, sku: 'WS-N' },
        ],
      }),
    );
    expect(updated.action).toBe('updated');
    expect(updated.product.id).toBe(created.product.id);
    expect(updated.product.version).toBe(2);
    expect(updated.product.variants.map((v) => [v.id, v.price, v.stock])).toEqual([
      [created.product.variants[0]?.id, 2700, 3],
      [created.product.variants[1]?.id, 2700, 1],
    ]);
    expect(await auditCount(shop.id, created.product.id)).toBe(2);
    const storefront = await client(shop.apiKey).get('/products/wool-scarf');
    expect(storefront.body.data).toMatchObject({ title: 'Wool scarf (lambswool)', minPrice: 27 });
  });

  it('finds the product by the handle made from the title when the row has none', async () => {
    const first = await upsert(ctx, { title: 'Silk Tie', price: 1500 });
    expect(first).toMatchObject({ action: 'created', product: { slug: 'silk-tie' } });
    const second = await upsert(ctx, { title: 'Silk Tie', price: 1600 });
    expect(second).toMatchObject({
      action: 'updated',
      product: { id: first.product.id, price: 1600 },
    });
  });

  it('refuses a bad row with a coded error naming the field, writing nothing', async () => {
    const error = await upsert(
      ctx,
      row({
        slug: 'bad-scarf',
        variants: [
          { option_values: ['Grey'], price: 100 },
          { option_values: ['Grey'], price: 200 },
        ],
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VARIANT_COMBINATION_DUPLICATE',
      details: [{ field: 'variants.1.option_values' }],
    });
    const [found] = await testDb()
      .select()
      .from(s.products)
      .where(and(eq(s.products.shopId, shop.id), eq(s.products.slug, 'bad-scarf')));
    expect(found).toBeUndefined();
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { registerEndpoint } from '../helpers/webhooks';

type Variant = { id: string; price: number; sale_price: number | null; stock: number };
type Product = {
  id: string;
  version: number;
  price: number | null;
  stock: number;
  variants: Variant[];
};

describe('POST /products/bulk-edit', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
  });

  /** A product with one variant per given [price, stock, sale price?]. */
  async function sized(title: string, variants: Array<[number, number, number?]>) {
    const sizes = variants.map((_, i) => `S${i}`);
    const res = await api.post('/products', {
      title,
      options: [{ name: 'Size', values: sizes }],
      variants: variants.map(([price, stock, sale], i) => ({
        option_values: [sizes[i]],
        price,
        stock,
        ...(sale === undefined ? {} : { sale_price: sale }),
      })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Product;
  }

  const read = async (id: string) => (await api.get(`/products/${id}`)).body as Product;
  const prices = async (id: string) => (await read(id)).variants.map((v) => v.price);
  const audits = async (id: string) =>
    (await api.get(`/audit?resource_type=product&resource_id=${id}`)).body.data as Array<{
      action: string;
    }>;

  it('a 10 % increase keeps each variant’s own price (rounded half away from zero), sale prices move with them; the dry run writes nothing', async () => {
    const shirt = await sized('Bulk shirt', [
      [2900, 1],
      [3150, 1, 2500],
      [3500, 1],
      [1005, 1],
    ]);
    const plain = (await api.post('/products', { title: 'Bulk mug', price: 999, stock: 4 })).body;
    const body = {
      products: [{ id: shirt.id }, { id: plain.id }],
      price: { change: 'increase', percent: 10 },
    };

    const preview = await api.post('/products/bulk-edit', { ...body, dry_run: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.dry_run).toBe(true);
    const [shirtRows, plainRows] = preview.body.products;
    expect(shirtRows.base_version).toBe(shirt.version);
    expect(
      shirtRows.rows.map((r: { price: object; sale_price: object }) => [r.price, r.sale_price]),
    ).toEqual([
      [
        { before: 2900, after: 3190 },
        { before: null, after: null },
      ],
      [
        { before: 3150, after: 3465 },
        { before: 2500, after: 2750 },
      ],
      [
        { before: 3500, after: 3850 },
        { before: null, after: null },
      ],
      [
        { before: 1005, after: 1106 },
        { before: null, after: null },
      ], // 100.5 → 101
    ]);
    expect(plainRows.rows).toEqual([
      {
        variant_id: null,
        title: 'Bulk mug',
        price: { before: 999, after: 1099 }, // 99.9 → 100
        sale_price: { before: null, after: null },
        stock: { before: 4, after: 4 },
      },
    ]);
    expect(await prices(shirt.id)).toEqual([2900, 3150, 3500, 1005]);
    expect((await read(shirt.id)).version).toBe(shirt.version);
    expect(await audits(shirt.id)).toHaveLength(1); // the creation only

    const applied = await api.post('/products/bulk-edit', {
      ...body,
      products: preview.body.products.map((p: { id: string; base_version: number }) => ({
        id: p.id,
        version: p.base_version,
      })),
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.dry_run).toBe(false);
    expect(applied.body.products.map((p: { rows: unknown }) => p.rows)).toEqual(
      preview.body.products.map((p: { rows: unknown }) => p.rows),
    );
    const after = await read(shirt.id);
    expect(after.variants.map((v) => [v.price, v.sale_price])).toEqual([
      [3190, null],
      [3465, 2750],
      [3850, null],
      [1106, null],
    ]);
    expect(after.variants.map((v) => v.id)).toEqual(shirt.variants.map((v) => v.id));
    expect((await read(plain.id)).price).toBe(1099);
  });

  it('refuses a decrease that takes any price below zero, naming the product and variant; nothing is written', async () => {
    const fine = await sized('Bulk fine', [[3000, 1]]);
    const cheap = await sized('Bulk cheap', [
      [900, 1],
      [500, 1],
    ]);
    const res = await api.post('/products/bulk-edit', {
      products: [{ id: fine.id }, { id: cheap.id }],
      price: { change: 'decrease', amount: 600 },
    });
    const error = expectError(res, 422, 'BULK_PRICE_BELOW_ZERO');
    expect(error.details).toEqual([
      { field: 'products.1.variants.1.price', message: 'Bulk cheap (S1): 500 would become -100.' },
    ]);
    expect(await prices(fine.id)).toEqual([3000]);
    expect(await prices(cheap.id)).toEqual([900, 500]);
    expect(await audits(fine.id)).toHaveLength(1);

    const percent = await api.post('/products/bulk-edit', {
      products: [{ id: fine.id }],
      price: { change: 'decrease', percent: 100.5 },
    });
    expectError(percent, 422, 'BULK_PRICE_BELOW_ZERO');
    expect(await prices(fine.id)).toEqual([3000]);
  });

  it('sets or adjusts each variant’s stock from its own units; never below zero', async () => {
    const socks = await sized('Bulk socks', [
      [500, 3],
      [500, 5],
    ]);
    const stockOf = async () => (await read(socks.id)).variants.map((v) => v.stock);
    const down = await api.post('/products/bulk-edit', {
      products: [{ id: socks.id }],
      stock: { change: 'adjust', quantity: -2 },
    });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(await stockOf()).toEqual([1, 3]);

    const below = await api.post('/products/bulk-edit', {
      products: [{ id: socks.id }],
      stock: { change: 'adjust', quantity: -2 },
    });
    expect(expectError(below, 422, 'BULK_STOCK_BELOW_ZERO').details).toEqual([
      {
        field: 'products.0.variants.0.stock',
        message: 'Bulk socks (S0): 1 on hand would become -1.',
      },
    ]);
    expect(await stockOf()).toEqual([1, 3]);

    const set = await api.post('/products/bulk-edit', {
      products: [{ id: socks.id }],
      stock: { change: 'set', quantity: 10 },
      price: { change: 'set', amount: 650 },
    });
    expect(set.status).toBe(200);
    expect((await read(socks.id)).variants.map((v) => [v.price, v.stock])).toEqual([
      [650, 10],
      [650, 10],
    ]);
  });

  it('writes one audit record and one product.updated event per product', async () => {
    const { inbox } = await registerEndpoint(api, ['product.updated']);
    const a = await sized('Bulk audited A', [
      [1000, 1],
      [1200, 1],
      [1400, 1],
    ]);
    const b = await sized('Bulk audited B', [[2000, 1]]);
    const res = await api.post('/products/bulk-edit', {
      products: [{ id: a.id }, { id: b.id }],
      price: { change: 'increase', amount: 100 },
      stock: { change: 'adjust', quantity: 1 },
    });
    expect(res.status).toBe(200);
    expect((await audits(a.id)).map((e) => e.action)).toEqual(['update', 'create']);
    expect((await audits(b.id)).map((e) => e.action)).toEqual(['update', 'create']);
    const events = await testDb()
      .select({ id: sql<string>`${s.webhookEvents.data}->>'id'` })
      .from(s.webhookEvents)
      .where(and(eq(s.webhookEvents.shopId, shop.id), eq(s.webhookEvents.type, 'product.updated')));
    expect(events.map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
    const delivered = (await inbox.waitFor(2)).map(
      (r) => (r.body as { data: { id: string } }).data.id,
    );
    expect(delivered.sort()).toEqual([a.id, b.id].sort());
  });

  it('answers a replayed Idempotency-Key with the first answer, applying the change once', async () => {
    const cup = await sized('Bulk cup', [[1000, 1]]);
    const send = () =>
      api.post(
        '/products/bulk-edit',
        { products: [{ id: cup.id }], price: { change: 'increase', percent: 50 } },
        { headers: { 'idempotency-key': `bulk-${cup.id}` } },
      );
    const first = await send();
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await prices(cup.id)).toEqual([1500]);
  });

  it('refuses a product changed since the version sent (412), nothing written', async () => {
    const hat = await sized('Bulk hat', [[1000, 1]]);
    const other = await sized('Bulk scarf', [[1000, 1]]);
    await api.patch(`/products/${hat.id}`, { title: 'Bulk hat, renamed' });
    const res = await api.post('/products/bulk-edit', {
      products: [{ id: other.id }, { id: hat.id, version: hat.version }],
      price: { change: 'set', amount: 1 },
    });
    expectError(res, 412, 'PRECONDITION_FAILED');
    expect([await prices(hat.id), await prices(other.id)]).toEqual([[1000], [1000]]);
  });

  it('refuses another shop’s product, naming it; nothing is written', async () => {
    const own = await sized('Bulk own', [[1000, 1]]);
    const elsewhere = await createProduct(await createTestShop(), { priceMinor: 1000 });
    const res = await api.post('/products/bulk-edit', {
      products: [{ id: own.id }, { id: elsewhere.id }],
      price: { change: 'set', amount: 1 },
    });
    expect(expectError(res, 404, 'PRODUCT_NOT_FOUND').details).toEqual([
      { field: 'products.1.id', message: `No product ${elsewhere.id} in this shop.` },
    ]);
    expect(await prices(own.id)).toEqual([1000]);
    const [row] = await testDb()
      .select({ price: s.products.priceMinor })
      .from(s.products)
      .where(eq(s.products.id, elsewhere.id));
    expect(row?.price).toBe(1000);
  });

  it('refuses a request that names no change, or a percent with a set', async () => {
    const own = await sized('Bulk empty', [[1000, 1]]);
    expectError(
      await api.post('/products/bulk-edit', { products: [{ id: own.id }] }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await api.post('/products/bulk-edit', {
        products: [{ id: own.id }],
        price: { change: 'set', percent: 10 },
      }),
      422,
      'VALIDATION_FAILED',
    );
    expect(await prices(own.id)).toEqual([1000]);
  });
});

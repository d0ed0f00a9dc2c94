import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/** 36 characters that the old `[0-9a-f-]{36}` id checks let through to a uuid cast. */
const DASHES = '-'.repeat(36);
const NOT_IDS = [DASHES, 'nope', 'abcdefab-cdef-abcd-efab-cdefabcdefa'];

/** JSON text of objects nested `depth` levels deep (built as text: no recursion needed). */
const nestedObjects = (depth: number, key: string, leaf: string) =>
  `${`{"${key}":`.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

/** A menu page nested `depth` levels deep through `children`, as settings stores menus. */
const nestedMenu = (depth: number) =>
  `${'{"name":"a","url":"/a","children":['.repeat(depth)}${']}'.repeat(depth)}`;

describe('malformed input to the merchant API is a coded 4xx, never a 5xx', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
  });

  it('a non-uuid import id is IMPORT_NOT_FOUND', async () => {
    for (const id of NOT_IDS) {
      expectError(await api.get(`/imports/${id}`), 404, 'IMPORT_NOT_FOUND');
    }
  });

  it('a non-uuid endpoint id in the delivery log is WEBHOOK_ENDPOINT_NOT_FOUND', async () => {
    for (const id of NOT_IDS) {
      expectError(
        await api.get(`/webhook-endpoints/${id}/deliveries`),
        404,
        'WEBHOOK_ENDPOINT_NOT_FOUND',
      );
    }
  });

  it('a malformed image id in branding, footer and icon settings is refused naming the field', async () => {
    const cases = [
      ['branding', 'logoId'],
      ['footerConfig', 'logoId'],
      ['seo', 'iconId'],
    ] as const;
    for (const [section, field] of cases) {
      for (const id of NOT_IDS) {
        const res = await api.patch(`/settings/${section}`, { [field]: id });
        expect(expectError(res, 422, 'VALIDATION_FAILED').details).toEqual([
          { field, message: 'No image with this id in the shop.' },
        ]);
      }
    }
  });

  it('JSON nested thousands of levels deep is refused before validation walks it', async () => {
    const tooDeep = (res: Awaited<ReturnType<MerchantClient['patch']>>) =>
      expect(expectError(res, 422, 'VALIDATION_FAILED').details).toEqual([
        { field: '(root)', message: 'JSON may nest at most 64 levels deep.' },
      ]);
    for (const depth of [3_000, 6_000]) {
      tooDeep(await api.patch('/settings/headerTopbar', `{"menuPages":[${nestedMenu(depth)}]}`));
      tooDeep(await api.patch('/settings/branding', nestedObjects(depth, 'address', '"x"')));
      tooDeep(
        await api.post(
          '/content-models',
          `{"slug":"deep","name":"Deep","kind":"singleton","fields":${nestedObjects(depth, 'a', '1')}}`,
        ),
      );
    }
    // Nesting a real document needs is accepted: a menu three levels deep.
    const menu = await api.patch('/settings/headerTopbar', `{"menuPages":[${nestedMenu(3)}]}`);
    expect(menu.status).toBe(200);
    expect(menu.body.headerTopbar.menuPages[0].children[0].children[0].children).toEqual([]);
  });

  it('a stock adjustment past the most units on hand is refused, never stored or overflowed', async () => {
    const { id } = (
      await api.post('/products', { title: 'Bulk', price: 100, stock: 1_000_000_000 })
    ).body;
    const past = await api.post(`/products/${id}/stock`, { adjust: 1_000_000_000 });
    expect(expectError(past, 422, 'VALIDATION_FAILED').details).toEqual([
      { field: 'adjust', message: '1000000000 on hand: stock may be at most 1000000000.' },
    ]);
    const [row] = await testDb()
      .select({ stock: s.products.stock })
      .from(s.products)
      .where(eq(s.products.id, id));
    expect(row?.stock).toBe(1_000_000_000);
    // A row already holding more than the schema allows (stored before this rule) cannot
    // be pushed past the int column's range either.
    await testDb().update(s.products).set({ stock: 2_000_000_000 }).where(eq(s.products.id, id));
    const overflow = await api.post(`/products/${id}/stock`, { adjust: 1_000_000_000 });
    expectError(overflow, 422, 'VALIDATION_FAILED');
    const down = await api.post(`/products/${id}/stock`, { adjust: -1_000_000_000 });
    expect(down.status).toBe(200);
    expect(down.body.stock).toBe(1_000_000_000);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../helpers/catalog-factory';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

type Listed = { data: Array<{ title: string }> };

/** GET /products?query=: the storefront's search rules (typos) on top of the exact matches. */
describe('searching the merchant product list', () => {
  let api: MerchantClient;
  const titles = async (query: string) =>
    ((await api.get(`/products?limit=50&query=${encodeURIComponent(query)}`)).body as Listed).data
      .map((p) => p.title)
      .sort();

  beforeAll(async () => {
    const shop = await createTestShop();
    api = (await merchantOf(shop)).api;
    await createProduct(shop, { title: 'Linen Shirt', sku: 'SHIRT-01' });
    await createProduct(shop, { title: 'Linen Trousers', sku: 'TROU-02' });
    await createProduct(shop, { title: 'Wool Scarf', sku: 'SCARF-03' });
    await createProduct(shop, { title: 'Linen Draft Apron', status: 'draft', sku: 'APRON-04' });
    const other = await createTestShop();
    await createProduct(other, { title: 'Linen Napkin' });
  });

  it('forgives a typo as the storefront does ("linnen" finds the linen products)', async () => {
    expect(await titles('linnen')).toEqual(['Linen Shirt', 'Linen Trousers']);
  });

  it('still finds drafts by part of the title, and any product by SKU', async () => {
    expect(await titles('linen')).toEqual(['Linen Draft Apron', 'Linen Shirt', 'Linen Trousers']);
    expect(await titles('scarf-03')).toEqual(['Wool Scarf']);
    expect(await titles('APRON')).toEqual(['Linen Draft Apron']);
  });

  it('keeps only products holding every word: a filter never widens by dropping one', async () => {
    expect(await titles('linen shir')).toEqual(['Linen Shirt']);
    expect(await titles('linnen trousers')).toEqual(['Linen Trousers']);
    // The storefront's search would fall back to "linen" here; a filter a bulk edit may
    // follow must not.
    expect(await titles('linen scarf')).toEqual([]);
  });
});

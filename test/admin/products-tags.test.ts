import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const titles = (res: { body: { data: Array<{ title: string }> } }) =>
  res.body.data.map((p) => p.title).sort();

describe('tags of a product (merchant API)', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
  });

  it('are trimmed and kept once in any case, shown by get and list, replaced by PATCH', async () => {
    const created = await api.post('/products', {
      title: 'Dune shirt',
      price: 3900,
      tags: ['  Summer ', 'linen', 'SUMMER', 'Beach  wear'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.tags).toEqual(['Summer', 'linen', 'Beach wear']);
    const got = await api.get(`/products/${created.body.id}`);
    expect(got.body.tags).toEqual(['Summer', 'linen', 'Beach wear']);

    const patched = await api.patch(
      `/products/${created.body.id}`,
      { tags: ['Autumn'] },
      { headers: { 'if-match': `"${created.body.version}"` } },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.tags).toEqual(['Autumn']);
    expect(patched.body.version).toBe(created.body.version + 1);

    // The same tags again change nothing: no new version.
    const same = await api.patch(
      `/products/${created.body.id}`,
      { tags: [' Autumn', 'autumn'] },
      { headers: { 'if-match': `"${patched.body.version}"` } },
    );
    expect(same.body.version).toBe(patched.body.version);

    const plain = await api.post('/products', { title: 'Untagged', price: 100 });
    expect(plain.body.tags).toEqual([]);
  });

  it('filter the list by a whole tag in any case, and are found by the search', async () => {
    await api.post('/products', { title: 'Tag cap', price: 100, tags: ['Headwear', 'wool'] });
    await api.post('/products', { title: 'Tag scarf', price: 100, tags: ['wool-blend'] });
    await api.post('/products', { title: 'Tag glove', price: 100, tags: ['Cotton'] });

    const wool = await api.get('/products?tag=WOOL');
    expect(wool.status).toBe(200);
    expect(titles(wool)).toEqual(['Tag cap']);
    expect(titles(await api.get('/products?tag=headwear&query=tag'))).toEqual(['Tag cap']);
    expect(titles(await api.get('/products?tag=nothing-like-it'))).toEqual([]);

    // The text search matches part of a tag, among every status.
    expect(titles(await api.get('/products?query=wool'))).toEqual(['Tag cap', 'Tag scarf']);
  });

  it('refuse an empty tag, a tag over 255 characters or with a comma, and more than 250 tags, with 422 codes', async () => {
    for (const bad of ['   ', 'x'.repeat(256), 'red, blue']) {
      const res = await api.post('/products', { title: 'Bad tag', price: 1, tags: ['ok', bad] });
      expectError(res, 422, 'PRODUCT_TAG_INVALID');
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['tags.1']);
    }
    const many = Array.from({ length: 251 }, (_, i) => `tag ${i}`);
    const res = await api.post('/products', { title: 'Too many', price: 1, tags: many });
    expectError(res, 422, 'PRODUCT_TAGS_TOO_MANY');
    // 251 given, but repeats in any case count once: 250 fit.
    const fits = await api.post('/products', {
      title: 'Just fits tags',
      price: 1,
      tags: [...many.slice(0, 249), 'x'.repeat(255), 'TAG 0'],
    });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(fits.body.tags).toHaveLength(250);
    const notArray = await api.post('/products', { title: 'Bad', price: 1, tags: 'a, b' });
    expectError(notArray, 422, 'VALIDATION_FAILED');
  });

  it('are the shop’s own: another shop’s tag filter finds none of them, and the storefront does not show them', async () => {
    const other = await createTestShop();
    const otherApi = (await merchantOf(other)).api;
    await api.post('/products', { title: 'Private tagged', price: 100, tags: ['isolation-tag'] });
    await otherApi.post('/products', { title: 'Theirs', price: 100, tags: ['other-tag'] });
    expect(titles(await api.get('/products?tag=isolation-tag'))).toEqual(['Private tagged']);
    expect(titles(await otherApi.get('/products?tag=isolation-tag'))).toEqual([]);
    expect(titles(await api.get('/products?tag=other-tag'))).toEqual([]);

    const page = await client(shop.apiKey).get('/products/private-tagged');
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).not.toContain('isolation-tag');
  });
});

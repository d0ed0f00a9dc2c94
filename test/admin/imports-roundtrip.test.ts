import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/api';
import { importCsv } from '../helpers/imports';
import { adminCall, merchantOf } from '../helpers/merchant';
import { createTestShop, demoShop } from '../helpers/shop-factory';

type Json = Record<string, unknown>;

/** Every product of a shop as the storefront lists it, page by page. */
async function listAll(storefront: ReturnType<typeof client>): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const res = await storefront.get(`/products?limit=50&page=${page}`);
    expect(res.status).toBe(200);
    items.push(...res.body.data.data);
    if (page >= res.body.data.totalPages) return items;
  }
}

const SHOP_SPECIFIC = new Set([
  '_id',
  'date',
  'key',
  'reviewAggregate',
  'reviewCount',
  'averageRating',
]);

/**
 * A storefront answer without what differs between two shops by nature: ids, creation
 * dates, review figures (reviews are not products), image files (each shop stores its own
 * copy; here the test's image server's) and category slugs (a category made from a name takes the name's slug).
 */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? 'url' : value;
  if (value === null || typeof value !== 'object') return value;
  const object = value as Json;
  // An image: its bytes are the copy the image server served, so its name, size and type.
  if ('uploadUrl' in object) return { title: object.title, position: object.position };
  if ('name' in object && 'slug' in object && '_id' in object && !('title' in object)) {
    return { name: object.name };
  }
  const out: Json = {};
  for (const [key, field] of Object.entries(object)) {
    if (SHOP_SPECIFIC.has(key)) continue;
    out[key] = key === 'categories' ? sortByName(comparable(field)) : comparable(field);
  }
  return out;
}

const sortByName = (list: unknown) =>
  (list as Array<{ name: string }>).slice().sort((a, b) => a.name.localeCompare(b.name));

const bySlug = (a: Json, b: Json) => String(a.slug).localeCompare(String(b.slug));

describe('export then import', () => {
  it('reproduces the demo shop’s storefront answers in an empty shop', {
    timeout: 240_000,
  }, async () => {
    const demo = demoShop();
    const { key } = await merchantOf({ id: demo.id }, { scopes: ['catalogue:read'] });
    const exported = await adminCall('/exports/products', {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    // The images are served from elsewhere (as a Shopify export's are): the test's image server.
    const csv = String(exported.body).replaceAll(
      /https?:\/\/[^,"]*\/media\/([^,"\r\n]+)/g,
      `${inject('imageServerUrl')}/png/$1`,
    );

    const target = await createTestShop({ currency: 'EUR' });
    const { key: importer } = await merchantOf(target);
    const done = await importCsv(importer.secret, csv, {}, 150_000);
    expect(done.errors).toEqual([]);
    expect(done).toMatchObject({ status: 'completed', failed: 0, images_failed: 0 });

    const before = (await listAll(client(demo.apiKey))).sort(bySlug);
    const after = (await listAll(client(target.apiKey))).sort(bySlug);
    expect(after.length).toBeGreaterThan(5);
    expect(comparable(after)).toEqual(comparable(before));
    for (const item of before) {
      const was = await client(demo.apiKey).get(`/products/${item.slug}`);
      const is = await client(target.apiKey).get(`/products/${item.slug}`);
      expect(comparable(is.body.data), String(item.slug)).toEqual(comparable(was.body.data));
    }
  });
});

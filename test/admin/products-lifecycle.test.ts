import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createCategory, createProduct } from '../helpers/catalog-factory';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import {
  createDigitalFile,
  createShippingRate,
  orderBody,
  postOrder,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Listed = { data: Array<{ id: string; title: string }>; has_more: boolean };

describe('product lifecycle through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let storefront: ReturnType<typeof client>;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
    storefront = client(shop.apiKey);
  });

  it('a created product is in storefront search and lists on the very next request; a draft never is', async () => {
    const res = await api.post('/products', {
      title: 'Zephyrine Kettle',
      price: 4500,
      sku: 'ZK-1',
    });
    const search = await storefront.get('/search?term=zephyrine');
    expect(search.body.data.products.data.map((p: { _id: string }) => p._id)).toEqual([
      res.body.id,
    ]);
    const list = await storefront.get('/products?limit=50');
    expect(list.body.data.data.map((p: { _id: string }) => p._id)).toContain(res.body.id);

    const draft = await api.post('/products', { title: 'Zephyrine Draft', status: 'draft' });
    expect((await storefront.get('/search?term=zephyrine')).body.data.products.data).toHaveLength(
      1,
    );
    expectError(await storefront.get(`/products/${draft.body.slug}`), 404, 'PRODUCT_NOT_FOUND');
    await api.patch(`/products/${res.body.id}`, { status: 'archived' });
    expectError(await storefront.get(`/products/${res.body.id}`), 404, 'PRODUCT_NOT_FOUND');
    expect((await storefront.get('/search?term=zephyrine')).body.data.products.data).toEqual([]);
  });

  it('keeps an old slug resolving after a change; a new product taking it takes it over', async () => {
    const p = (await api.post('/products', { title: 'Old name', slug: 'old-name', price: 1 })).body;
    const renamed = await api.patch(`/products/${p.id}`, { slug: 'new-name' });
    expect(renamed.body).toMatchObject({ slug: 'new-name', redirect_slugs: ['old-name'] });
    const viaOld = await storefront.get('/products/old-name');
    expect(viaOld.status).toBe(200);
    expect(viaOld.body.data).toMatchObject({ _id: p.id, slug: 'new-name' });
    const variants = await storefront.get('/products/variants?productId=old-name');
    expect(variants.status).toBe(200);
    await api.patch(`/products/${p.id}`, { slug: 'newest-name' });
    expect((await storefront.get('/products/old-name')).body.data._id).toBe(p.id);
    expect((await api.get(`/products/${p.id}`)).body.redirect_slugs).toEqual([
      'old-name',
      'new-name',
    ]);

    const taker = (await api.post('/products', { title: 'Taker', slug: 'old-name', price: 1 }))
      .body;
    expect((await storefront.get('/products/old-name')).body.data._id).toBe(taker.id);
    expect((await api.get(`/products/${p.id}`)).body.redirect_slugs).toEqual(['new-name']);
    // Moving back to a former slug makes it current again, not a redirect.
    await api.patch(`/products/${p.id}`, { slug: 'new-name' });
    expect((await api.get(`/products/${p.id}`)).body.redirect_slugs).toEqual(['newest-name']);
  });

  it('lists newest first with filters by status, category and text (title, slug, variant SKU), paging by cursor', async () => {
    const cat = await createCategory(shop);
    const mk = (body: Record<string, unknown>) => api.post('/products', body);
    const a = (await mk({ title: 'Quokka lamp', category_ids: [cat.id], status: 'draft' })).body;
    const b = (
      await mk({
        title: 'Plain thing',
        options: [{ name: 'Size', values: ['S'] }],
        variants: [{ option_values: ['S'], price: 1, sku: 'QUOKKA-S' }],
        category_ids: [cat.id],
      })
    ).body;
    const c = (await mk({ title: 'Other', slug: 'quokka-other' })).body;
    const ids = async (query: string) =>
      ((await api.get(`/products?${query}`)).body as Listed).data.map((p) => p.id);
    expect(await ids('query=quokka')).toEqual([c.id, b.id, a.id]);
    expect(await ids('query=quokka&status=draft')).toEqual([a.id]);
    expect(await ids(`category=${cat.id}`)).toEqual([b.id, a.id]);
    const first = (await api.get('/products?query=quokka&limit=2')).body as Listed;
    expect(first.has_more).toBe(true);
    expect(await ids(`query=quokka&limit=2&starting_after=${b.id}`)).toEqual([a.id]);
    expectError(await api.get('/products?status=gone'), 422, 'VALIDATION_FAILED');
  });

  it('changes one variant by PATCH …/variants/{id}; the product version rises', async () => {
    const p = (
      await api.post('/products', {
        title: 'Variant patch',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { option_values: ['S'], price: 100, stock: 2 },
          { option_values: ['M'], price: 100, stock: 2 },
        ],
      })
    ).body;
    const target = p.variants[1];
    const res = await api.patch(
      `/products/${p.id}/variants/${target.id}`,
      { price: 150, sale_price: 120, active: false },
      { headers: { 'if-match': '"1"' } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('etag')).toBe('"2"');
    expect(res.body.variants[1]).toMatchObject({
      id: target.id,
      key: target.key,
      price: 150,
      sale_price: 120,
      active: false,
      stock: 2,
    });
    expect(res.body.variants[0]).toEqual(p.variants[0]);
  });

  it('attaches digital files by id and detaches those left out', async () => {
    const holder = await createProduct(shop, { isDigital: true });
    const file = await createDigitalFile(shop, holder.id, { store: false });
    const p = (
      await api.post('/products', {
        title: 'Ebook',
        is_digital: true,
        has_shipping: false,
        price: 900,
        digital_file_ids: [file.id],
      })
    ).body;
    expect(p.digital_files).toEqual([
      expect.objectContaining({ id: file.id, filename: file.filename }),
    ]);
    const detached = await api.patch(`/products/${p.id}`, { digital_file_ids: [] });
    expect(detached.body).toMatchObject({ digital_files: [], version: 2 });
  });

  it('deletes an unsold product; archives one that orders refer to; both audited', async () => {
    const unsold = (await api.post('/products', { title: 'Unsold', price: 100 })).body;
    const gone = await api.delete(`/products/${unsold.id}`, { headers: { 'if-match': '"1"' } });
    expect(gone.body).toEqual({ id: unsold.id, object: 'product', deleted: true, archived: false });
    expectError(await api.get(`/products/${unsold.id}`), 404, 'PRODUCT_NOT_FOUND');
    expectError(await api.delete(`/products/${unsold.id}`), 404, 'PRODUCT_NOT_FOUND');

    const rate = await createShippingRate(shop);
    const sold = (await api.post('/products', { title: 'Sold', price: 100, stock: 5 })).body;
    const ordered = await postOrder(
      shop,
      orderBody([{ productId: sold.id, quantity: 1 }], { shippingId: rate.id }),
    );
    expect(ordered.status).toBe(200);
    const archived = await api.delete(`/products/${sold.id}`);
    expect(archived.body).toEqual({
      id: sold.id,
      object: 'product',
      deleted: false,
      archived: true,
    });
    // Created (1), its sale moved stock (2: stock is part of the version), archived (3).
    expect((await api.get(`/products/${sold.id}`)).body).toMatchObject({
      status: 'archived',
      version: 3,
    });
    expectError(await storefront.get(`/products/${sold.id}`), 404, 'PRODUCT_NOT_FOUND');
    const audit = (await api.get(`/audit?resource_type=product&resource_id=${sold.id}`)).body;
    expect(audit.data.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(audit.data[0].changes).toEqual({ status: { before: 'published', after: 'archived' } });
    const deletion = (await api.get(`/audit?resource_id=${unsold.id}`)).body.data[0];
    expect(deletion).toMatchObject({ action: 'delete', resource_type: 'product' });
  });
});

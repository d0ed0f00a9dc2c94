import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client, expectError } from '../helpers/api';
import { createMedia, createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type MenuItem = { _id: string; name: string; slug: string; children: MenuItem[] };

describe('categories through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
  });

  const storefront = () => client(shop.apiKey);
  const create = async (body: Record<string, unknown>) => {
    const res = await api.post('/categories', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; slug: string; version: number; position: number };
  };
  const menu = async () =>
    (await storefront().get('/settings')).body.data.headerTopbar.menuCollections as MenuItem[];
  const productTitles = async (slug: string) =>
    (
      (await storefront().get(`/products?categories=${slug}&limit=50`)).body.data.data as Array<{
        title: string;
      }>
    )
      .map((p) => p.title)
      .sort();

  it('creates a category the storefront shows on its very next request', async () => {
    const image = await createMedia(shop);
    const res = await api.post('/categories', {
      title: 'Summer Dresses',
      description: '<p>Light</p>',
      image_id: image.id,
      featured: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'category',
      title: 'Summer Dresses',
      slug: 'summer-dresses',
      description: '<p>Light</p>',
      parent_id: null,
      position: 0,
      image_id: image.id,
      header_image_id: null,
      featured: true,
      show_in_menu: true,
      status: 'published',
      version: 1,
    });
    expect(res.headers.get('etag')).toBe('"1"');
    const shown = await storefront().get('/categories/summer-dresses');
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      _id: res.body.id,
      name: 'Summer Dresses',
      description: '<p>Light</p>',
      featured: true,
      parent: null,
      image: { _id: image.id },
    });
    expect((await menu()).map((m) => m._id)).toContain(res.body.id);
  });

  it('derives a free slug from the title, keeps a given one, and refuses a taken one', async () => {
    const a = await create({ title: 'Hats & Caps' });
    const b = await create({ title: 'Hats  caps!' });
    expect(a.slug).toBe('hats-caps');
    expect(b.slug).toBe('hats-caps-2');
    expect((await create({ title: 'X', slug: 'my-own' })).slug).toBe('my-own');
    const taken = await api.post('/categories', { title: 'Other', slug: 'my-own' });
    expectError(taken, 409, 'CATEGORY_SLUG_TAKEN');
    expect(taken.body.details).toEqual([{ field: 'slug', message: expect.any(String) }]);
    const renamed = await api.patch(`/categories/${a.id}`, { slug: 'hats-caps-2' });
    expectError(renamed, 409, 'CATEGORY_SLUG_TAKEN');
    expectError(await api.post('/categories', { title: '!!!' }), 422, 'VALIDATION_FAILED');
  });

  it('puts a new category after its last sibling and orders siblings by position', async () => {
    const root = await create({ title: 'Root order' });
    const first = await create({ title: 'First', parent_id: root.id });
    const second = await create({ title: 'Second', parent_id: root.id });
    expect([first.position, second.position]).toEqual([0, 1]);
    await api.patch(`/categories/${first.id}`, { position: 5 });
    const tree = await menu();
    const node = tree.find((m) => m._id === root.id);
    expect(node?.children.map((c) => c._id)).toEqual([second.id, first.id]);
  });

  it('moves a subtree: the menu tree and the products of a category follow at once', async () => {
    const women = await create({ title: 'Women' });
    const men = await create({ title: 'Men' });
    const shoes = await create({ title: 'Shoes', parent_id: women.id });
    const boots = await create({ title: 'Boots', parent_id: shoes.id });
    await createProduct(shop, {
      title: 'Chelsea boot',
      categories: [{ id: boots.id, slug: boots.slug, name: 'Boots' }],
    });
    expect(await productTitles(women.slug)).toEqual(['Chelsea boot']);
    expect(await productTitles(men.slug)).toEqual([]);

    const res = await api.patch(`/categories/${shoes.id}`, { parent_id: men.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ parent_id: men.id, version: 2 });
    expect(await productTitles(men.slug)).toEqual(['Chelsea boot']);
    expect(await productTitles(women.slug)).toEqual([]);
    const tree = await menu();
    const menNode = tree.find((m) => m._id === men.id);
    expect(menNode?.children.map((c) => c._id)).toEqual([shoes.id]);
    expect(menNode?.children[0]?.children.map((c) => c._id)).toEqual([boots.id]);
  });

  it('refuses a move under itself or a descendant with CATEGORY_CYCLE, changing nothing', async () => {
    const a = await create({ title: 'Cycle A' });
    const b = await create({ title: 'Cycle B', parent_id: a.id });
    const c = await create({ title: 'Cycle C', parent_id: b.id });
    for (const parent of [a.id, b.id, c.id]) {
      const res = await api.patch(`/categories/${a.id}`, { parent_id: parent });
      expectError(res, 422, 'CATEGORY_CYCLE');
      expect(res.body.details).toEqual([{ field: 'parent_id', message: expect.any(String) }]);
    }
    expect((await api.get(`/categories/${a.id}`)).body).toMatchObject({
      parent_id: null,
      version: 1,
    });
  });

  it("refuses a parent or image that is not the shop's own, naming the field", async () => {
    const other = await createTestShop();
    const foreignImage = await createMedia(other);
    const res = await api.post('/categories', {
      title: 'Bad refs',
      parent_id: crypto.randomUUID(),
      header_image_id: foreignImage.id,
    });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'header_image_id',
      'parent_id',
    ]);
    const strict = await api.post('/categories', { title: 'T', colour: 'red' });
    expectError(strict, 422, 'VALIDATION_FAILED');
    expect(strict.body.details).toEqual([{ field: 'colour', message: 'Unknown field.' }]);
  });

  it('hides a draft from the storefront at once', async () => {
    const cat = await create({ title: 'Soon' });
    expect((await storefront().get(`/categories/${cat.slug}`)).status).toBe(200);
    await api.patch(`/categories/${cat.id}`, { status: 'draft' });
    expectError(await storefront().get(`/categories/${cat.slug}`), 404, 'CATEGORY_NOT_FOUND');
  });

  it('deletes a category: children move up, products stay, the storefront forgets it', async () => {
    const top = await create({ title: 'Delete top' });
    const middle = await create({ title: 'Delete middle', parent_id: top.id });
    const leaf = await create({ title: 'Delete leaf', parent_id: middle.id });
    const product = await createProduct(shop, {
      title: 'Kept product',
      primaryCategoryId: middle.id,
      categories: [{ id: middle.id, slug: middle.slug, name: 'Delete middle' }],
    });
    await createProduct(shop, {
      title: 'Leaf product',
      categories: [{ id: leaf.id, slug: leaf.slug, name: 'Delete leaf' }],
    });
    expect((await productTitles(top.slug)).sort()).toEqual(['Kept product', 'Leaf product']);
    const res = await api.delete(`/categories/${middle.id}`, { headers: { 'if-match': '"1"' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: middle.id, object: 'category', deleted: true });
    expect((await api.get(`/categories/${leaf.id}`)).body).toMatchObject({
      parent_id: top.id,
      version: 2,
    });
    expectError(await storefront().get(`/categories/${middle.slug}`), 404, 'CATEGORY_NOT_FOUND');
    // The leaf moved up under the top category: its product still lists there.
    expect(await productTitles(top.slug)).toEqual(['Leaf product']);
    const kept = await storefront().get(`/products/${product.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data.categories).toEqual([]);
    expect(kept.body.data.primaryCategory).toBeNull();
    const audit = await testDb()
      .select()
      .from(s.auditEvents)
      .where(eq(s.auditEvents.resourceId, leaf.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expectError(await api.get(`/categories/${middle.id}`), 404, 'CATEGORY_NOT_FOUND');
  });

  it('lists with a cursor, newest first, one level with parent_id', async () => {
    const shop2 = await createTestShop();
    const api2 = (await merchantOf(shop2)).api;
    const ids: string[] = [];
    for (const title of ['L1', 'L2', 'L3']) {
      ids.push((await api2.post('/categories', { title })).body.id);
    }
    const child = (await api2.post('/categories', { title: 'L4', parent_id: ids[0] })).body.id;
    const first = await api2.get('/categories?limit=2');
    expect(first.body).toMatchObject({
      object: 'list',
      has_more: true,
      url: '/admin/api/v1/categories',
    });
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual([child, ids[2]]);
    const next = await api2.get(`/categories?limit=2&starting_after=${ids[2]}`);
    expect(next.body.data.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[0]]);
    expect(next.body.has_more).toBe(false);
    const top = await api2.get('/categories?parent_id=null&limit=10');
    expect(top.body.data.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1], ids[0]]);
    const under = await api2.get(`/categories?parent_id=${ids[0]}`);
    expect(under.body.data.map((c: { id: string }) => c.id)).toEqual([child]);
    expectError(await api2.get('/categories?parent_id=nope'), 422, 'VALIDATION_FAILED');
  });

  it('honours If-Match and Idempotency-Key', async () => {
    const cat = await create({ title: 'Versioned' });
    expectError(
      await api.patch(
        `/categories/${cat.id}`,
        { title: 'Late' },
        { headers: { 'if-match': '"7"' } },
      ),
      412,
      'PRECONDITION_FAILED',
    );
    const key = crypto.randomUUID();
    const once = await api.post(
      '/categories',
      { title: 'Once' },
      { headers: { 'idempotency-key': key } },
    );
    const again = await api.post(
      '/categories',
      { title: 'Once' },
      { headers: { 'idempotency-key': key } },
    );
    expect(again.body.id).toBe(once.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(
      await api.post('/categories', { title: 'Twice' }, { headers: { 'idempotency-key': key } }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectError(
      await api.patch(`/categories/${crypto.randomUUID()}`, {}),
      404,
      'CATEGORY_NOT_FOUND',
    );
    expectError(await api.delete('/categories/not-an-id'), 404, 'CATEGORY_NOT_FOUND');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createCategory, createProduct, type TestProduct } from '../helpers/catalog-factory';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createShippingRate, orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const line = (product: { id: string }, quantity = 1) => ({
  productId: product.id,
  quantity,
  type: 'product',
});

describe('coupons through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let shirt: TestProduct;
  let socks: TestProduct;
  let socksCategory: { id: string; slug: string; name: string };
  let shippingId: string;
  const hour = 60 * 60 * 1000;
  const order = (code: string) =>
    postOrder(shop, orderBody([line(shirt)], { coupons: [code], shippingId }));

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: true, standardActive: true } } });
    api = (await merchantOf(shop)).api;
    shippingId = (await createShippingRate(shop)).id;
    const clothing = await createCategory(shop, { name: 'Clothing' });
    socksCategory = await createCategory(shop, { name: 'Socks', parentId: clothing.id });
    shirt = await createProduct(shop, { priceMinor: 2000, trackStock: false });
    socks = await createProduct(shop, {
      priceMinor: 500,
      trackStock: false,
      categories: [socksCategory],
    });
  });

  const validate = (code: string, cart: unknown[]) =>
    client(shop.apiKey).post('/coupons', { coupons: [code], cart });
  const create = async (body: Record<string, unknown>) => {
    const res = await api.post('/coupons', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; code: string; version: number };
  };

  it('creates a percentage coupon, its code normalised, honoured on the next request', async () => {
    const res = await api.post('/coupons', { code: '  spring10 ', kind: 'percentage', value: 10 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'coupon',
      code: 'SPRING10',
      kind: 'percentage',
      value: 10,
      currency: 'EUR',
      min_order_amount: 0,
      starts_at: null,
      ends_at: null,
      usage_limit: null,
      per_customer_limit: null,
      used_count: 0,
      product_ids: [],
      category_ids: [],
      active: true,
      version: 1,
    });
    expect(res.headers.get('etag')).toBe('"1"');
    const used = await validate('Spring10', [line(shirt, 2)]);
    expect(used.status).toBe(200);
    expect(used.body.data).toEqual({ _id: res.body.id, code: 'SPRING10', amount: 4 });
    const read = await api.get(`/coupons/${res.body.id}`);
    expect(read.body).toEqual(res.body);
    expect(read.headers.get('etag')).toBe('"1"');
  });

  it('takes a fixed amount off, only above the minimum', async () => {
    await create({ code: 'FIVER', kind: 'fixed', value: 500, min_order_amount: 3000 });
    const below = await validate('FIVER', [line(shirt)]);
    expectError(below, 400, 'INVALID_COUPON');
    const above = await validate('FIVER', [line(shirt, 2)]);
    expect(above.body.data).toMatchObject({ code: 'FIVER', amount: 5 });
  });

  it('restricts a coupon to products and to categories with their descendants', async () => {
    await create({ code: 'SHIRTONLY', kind: 'percentage', value: 50, product_ids: [shirt.id] });
    const shirtOnly = await validate('SHIRTONLY', [line(shirt), line(socks)]);
    expect(shirtOnly.body.data.amount).toBe(10);
    const clothing = (
      await api.post('/coupons', {
        code: 'SOCKSONLY',
        kind: 'percentage',
        value: 50,
        category_ids: [socksCategory.id],
      })
    ).body;
    expect(clothing.category_ids).toEqual([socksCategory.id]);
    const socksOnly = await validate('SOCKSONLY', [line(shirt), line(socks, 2)]);
    expect(socksOnly.body.data.amount).toBe(5);
    expectError(await validate('SOCKSONLY', [line(shirt)]), 400, 'INVALID_COUPON');
  });

  it('opens and closes with its validity window and active flag, at once', async () => {
    const coupon = await create({
      code: 'LATER',
      kind: 'fixed',
      value: 100,
      starts_at: new Date(Date.now() + hour).toISOString(),
    });
    expectError(await validate('LATER', [line(shirt)]), 400, 'INVALID_COUPON');
    const opened = await api.patch(`/coupons/${coupon.id}`, {
      starts_at: new Date(Date.now() - hour).toISOString(),
      ends_at: new Date(Date.now() + hour).toISOString(),
    });
    expect(opened.body).toMatchObject({ version: 2 });
    expect((await validate('LATER', [line(shirt)])).status).toBe(200);
    await api.patch(`/coupons/${coupon.id}`, { active: false });
    expectError(await validate('LATER', [line(shirt)]), 400, 'INVALID_COUPON');
  });

  it('enforces the usage limit an order uses up, and counts the redemption', async () => {
    const coupon = await create({ code: 'ONCE', kind: 'fixed', value: 100, usage_limit: 1 });
    const placed = await order('once');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await api.get(`/coupons/${coupon.id}`)).body.used_count).toBe(1);
    expectError(await validate('ONCE', [line(shirt)]), 400, 'INVALID_COUPON');
    const raised = await api.patch(`/coupons/${coupon.id}`, { usage_limit: 2 });
    expect(raised.body).toMatchObject({ usage_limit: 2, used_count: 1 });
    expect((await validate('ONCE', [line(shirt)])).status).toBe(200);
  });

  it('keeps codes unique per shop in any case; another shop may reuse one', async () => {
    const first = await create({ code: 'UNIQUE1', kind: 'fixed', value: 100 });
    const dup = await api.post('/coupons', { code: 'unique1', kind: 'percentage', value: 5 });
    expectError(dup, 409, 'COUPON_CODE_TAKEN');
    expect(dup.body.details).toEqual([{ field: 'code', message: expect.any(String) }]);
    const second = await create({ code: 'UNIQUE2', kind: 'fixed', value: 100 });
    expectError(
      await api.patch(`/coupons/${second.id}`, { code: ' Unique1' }),
      409,
      'COUPON_CODE_TAKEN',
    );
    expect(first.code).toBe('UNIQUE1');
    const other = (await merchantOf(await createTestShop())).api;
    expect(
      (await other.post('/coupons', { code: 'UNIQUE1', kind: 'fixed', value: 1 })).status,
    ).toBe(201);
  });

  it('refuses invalid coupons, naming each field', async () => {
    const fieldsOf = (res: { body: { details: Array<{ field: string }> } }) =>
      res.body.details.map((d) => d.field).sort();
    const bad = await api.post('/coupons', {
      code: 'TWO WORDS',
      kind: 'percentage',
      value: 150,
      starts_at: '2030-01-02T00:00:00Z',
      ends_at: '2030-01-01T00:00:00Z',
      product_ids: [crypto.randomUUID()],
      category_ids: [crypto.randomUUID()],
    });
    expectError(bad, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(bad)).toEqual(['category_ids', 'code', 'ends_at', 'product_ids', 'value']);
    const shape = await api.post('/coupons', { code: 'X', kind: 'bogo', value: 0, extra: 1 });
    expectError(shape, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(shape)).toEqual(['extra', 'kind', 'value']);
    expectError(
      await api.post('/coupons', { code: '   ', kind: 'fixed', value: 1 }),
      422,
      'VALIDATION_FAILED',
    );
    const pct = await create({ code: 'FIXEDBIG', kind: 'fixed', value: 5000 });
    const toPct = await api.patch(`/coupons/${pct.id}`, { kind: 'percentage' });
    expectError(toPct, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(toPct)).toEqual(['value']);
  });

  it('deletes an unused coupon and refuses to delete a redeemed one', async () => {
    const unused = await create({ code: 'UNUSED', kind: 'fixed', value: 100 });
    const gone = await api.delete(`/coupons/${unused.id}`, { headers: { 'if-match': '"1"' } });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ id: unused.id, object: 'coupon', deleted: true });
    expectError(await validate('UNUSED', [line(shirt)]), 400, 'INVALID_COUPON');
    expectError(await api.get(`/coupons/${unused.id}`), 404, 'COUPON_NOT_FOUND');

    const used = await create({ code: 'USEDUP', kind: 'fixed', value: 100 });
    expect((await order('USEDUP')).status).toBe(200);
    expectError(await api.delete(`/coupons/${used.id}`), 409, 'COUPON_REDEEMED');
    expect((await api.get(`/coupons/${used.id}`)).status).toBe(200);
    const retired = await api.patch(`/coupons/${used.id}`, { active: false });
    expect(retired.body).toMatchObject({ active: false, used_count: 1 });
  });

  it('lists with a cursor and honours If-Match, Idempotency-Key and 404s', async () => {
    const own = (await merchantOf(await createTestShop())).api;
    const ids: string[] = [];
    for (const code of ['A1', 'A2', 'A3']) {
      ids.push((await own.post('/coupons', { code, kind: 'fixed', value: 1 })).body.id);
    }
    const page = await own.get('/coupons?limit=2');
    expect(page.body.data.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    expect(page.body.has_more).toBe(true);
    const rest = await own.get(`/coupons?starting_after=${ids[1]}`);
    expect(rest.body.data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expectError(
      await own.patch(`/coupons/${ids[0]}`, { value: 2 }, { headers: { 'if-match': '"9"' } }),
      412,
      'PRECONDITION_FAILED',
    );
    const key = crypto.randomUUID();
    const body = { code: 'IDEM', kind: 'fixed', value: 1 };
    const once = await own.post('/coupons', body, { headers: { 'idempotency-key': key } });
    const again = await own.post('/coupons', body, { headers: { 'idempotency-key': key } });
    expect(again.body.id).toBe(once.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(await own.patch(`/coupons/${crypto.randomUUID()}`, {}), 404, 'COUPON_NOT_FOUND');
    expectError(await own.delete(`/coupons/${crypto.randomUUID()}`), 404, 'COUPON_NOT_FOUND');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { readPricedCart } from '../../src/modules/products/priced-cart';
import { selectCartCatalog } from '../../src/modules/products/queries/pricing';
import { client, expectError } from '../helpers/api';
import {
  createCategory,
  createMedia,
  createProduct,
  type TestMedia,
  type TestProduct,
} from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const line = (productId: string, quantity = 1, variationKey?: string) => ({
  productId,
  quantity,
  type: 'product',
  ...(variationKey === undefined ? {} : { variationKey }),
});

describe('POST /products/cart', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;
  let mug: TestProduct;
  let tee: TestProduct;
  let images: TestMedia[];

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
    images = [await createMedia(shop), await createMedia(shop)];
    const category = await createCategory(shop, { name: 'Kitchen' });
    mug = await createProduct(shop, {
      title: 'Mug',
      sku: 'MUG',
      priceMinor: 1200,
      salePriceMinor: 900,
      stock: 4,
      media: images,
      categories: [category],
    });
    tee = await createProduct(shop, {
      title: 'Tee',
      sku: 'TEE',
      media: [images[1] as TestMedia],
      options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
      variants: [
        { values: ['S'], sku: 'TEE-S', priceMinor: 2000, stock: 3 },
        { values: ['M'], priceMinor: 2100, salePriceMinor: 1900, trackStock: false, stock: 0 },
        { values: ['L'], priceMinor: 2200, active: false },
      ],
    });
  });

  it('hydrates each item in cart order with current prices and stock', async () => {
    const res = await api.post('/products/cart', {
      cart: [line(tee.id, 2, tee.keyOf('M')), line(mug.id, 3, '')],
    });
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(res.body.total).toBe(2);
    const [teeItem, mugItem] = res.body.data;
    expect(mugItem).toMatchObject({
      _id: mug.id,
      title: 'Mug',
      slug: mug.slug,
      hasVariantions: false,
      primaryCategory: { name: 'Kitchen' },
      price: 12,
      salePrice: 9,
      onSale: true,
      actualPrice: 9,
      minPrice: null,
      maxPrice: null,
      sku: 'MUG',
      trackStock: true,
      status: 'in-stock',
      sellable: 4,
      variationKey: null,
      variation: null,
    });
    expect(mugItem.primaryImage._id).toBe(images[0]?.id);
    expect(mugItem.secondaryImage._id).toBe(images[1]?.id);
    expect(mugItem.media.map((m: { position: number }) => m.position)).toEqual([0, 1]);

    expect(teeItem).toMatchObject({
      _id: tee.id,
      hasVariantions: true,
      price: 21,
      salePrice: 19,
      onSale: true,
      actualPrice: 19,
      minPrice: 19,
      maxPrice: 20,
      sku: 'TEE',
      trackStock: false,
      status: 'in-stock',
      sellable: null,
      variationKey: tee.keyOf('M'),
    });
    // The variant has no images: the product's first one, as a plain image object.
    expect(teeItem.primaryImage).toEqual(mugItem.secondaryImage);
    const details = await api.get(
      `/products/variant-details?productId=${tee.id}&variationKey=${tee.keyOf('M')}`,
    );
    expect(teeItem.variation).toEqual(details.body.data);
  });

  it("uses the variant's own sku and stock", async () => {
    const res = await api.post('/products/cart', { cart: [line(tee.id, 1, tee.keyOf('S'))] });
    expect(res.body.data[0]).toMatchObject({
      sku: 'TEE-S',
      trackStock: true,
      sellable: 3,
      price: 20,
      salePrice: null,
      onSale: false,
      actualPrice: 20,
    });
  });

  it('leaves out items no longer available', async () => {
    const draft = await createProduct(shop, { status: 'draft' });
    const unpriced = await createProduct(shop, { priceMinor: null });
    const foreign = await createProduct(await createTestShop());
    const res = await api.post('/products/cart', {
      cart: [
        line(crypto.randomUUID()),
        line('an-old-object-id'),
        line(draft.id),
        line(unpriced.id),
        line(foreign.id),
        line(tee.id, 1, tee.keyOf('L')), // inactive variant
        line(tee.id, 1, tee.keyOf('XL')), // no such variant
        line(tee.id, 1, crypto.randomUUID()), // not a value of the product
        line(mug.id, 1, tee.keyOf('S')), // a key on a product without variants
        line(mug.id.toUpperCase(), 1),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(res.body.total).toBe(1);
    expect(res.body.data.map((i: { _id: string }) => i._id)).toEqual([mug.id]);
  });

  it('answers an empty cart with no items', async () => {
    const res = await api.post('/products/cart', { cart: [] });
    expect(res.body).toEqual({ status: 'success', total: 0, data: [] });
  });

  it('prices items exactly as checkout does', async () => {
    const cart = [
      line(mug.id, 3),
      line(tee.id, 2, tee.keyOf('M')),
      line(tee.id, 1, tee.keyOf('S')),
    ];
    const res = await api.post('/products/cart', { cart });
    const priced = readPricedCart((await selectCartCatalog(testDb(), shop.id, cart)).rows);
    expect(priced.unavailable).toEqual([]);
    expect(priced.lines.map((l) => l.unitPriceMinor / 100)).toEqual(
      res.body.data.map((i: { actualPrice: number }) => i.actualPrice),
    );
    expect(priced.lines[1]).toMatchObject({
      index: 1,
      productId: tee.id,
      variantId: tee.variants[1]?.id,
      quantity: 2,
      sku: 'TEE',
      trackStock: false,
    });
  });

  it('tells checkout which items it cannot sell, and why', async () => {
    const cart = [line(tee.id, 1), line(mug.id, 1), line(tee.id, 1, tee.keyOf('L'))];
    const priced = readPricedCart((await selectCartCatalog(testDb(), shop.id, cart)).rows);
    expect(priced.lines.map((l) => l.index)).toEqual([1]);
    expect(priced.unavailable.map((d) => d.field)).toEqual(['cart.0.variationKey', 'cart.2']);
  });

  it('rejects malformed items, naming the item and field', async () => {
    const cases: Array<[unknown, string]> = [
      [[{ quantity: 1, type: 'product' }], 'cart.0.productId'],
      [[line(mug.id), { ...line(mug.id), quantity: 0 }], 'cart.1.quantity'],
      [[{ ...line(mug.id), quantity: -1 }], 'cart.0.quantity'],
      [[{ ...line(mug.id), quantity: 1.5 }], 'cart.0.quantity'],
      [[{ ...line(mug.id), quantity: '2' }], 'cart.0.quantity'],
      [[{ ...line(mug.id), quantity: 1000 }], 'cart.0.quantity'],
      [[line(mug.id), line(mug.id), { ...line(mug.id), type: 'gift' }], 'cart.2.type'],
      [[{ ...line(mug.id), variationKey: 'red-xl' }], 'cart.0.variationKey'],
      [[{ productId: '', quantity: 1, type: 'product' }], 'cart.0.productId'],
      [Array.from({ length: 101 }, () => line(mug.id)), 'cart'],
      ['not a list', 'cart'],
    ];
    for (const [cart, field] of cases) {
      const res = await api.post('/products/cart', { cart });
      expectError(res, 422, 'VALIDATION_FAILED');
      expect(
        res.body.details.map((d: { field: string }) => d.field),
        field,
      ).toContain(field);
    }
    expectError(await api.post('/products/cart', {}), 422, 'VALIDATION_FAILED');
  });

  it('requires a variation key for a product with variants', async () => {
    for (const key of [undefined, '']) {
      const res = await api.post('/products/cart', {
        cart: [line(mug.id), line(tee.id, 1, key)],
      });
      expectError(res, 422, 'VALIDATION_FAILED');
      expect(res.body.details).toEqual([
        { field: 'cart.1.variationKey', message: expect.any(String) },
      ]);
    }
  });
});

describe('POST /products/cart-similarities', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;
  let shirt: TestProduct;
  let trousers: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
    const at = (h: number) => new Date(Date.now() - 50 * 3_600_000 + h * 3_600_000);
    const [linen, summer, kitchen] = [
      await createCategory(shop, { name: 'Linen' }),
      await createCategory(shop, { name: 'Summer' }),
      await createCategory(shop, { name: 'Kitchen' }),
    ];
    shirt = await createProduct(shop, { title: 'Shirt', categories: [linen], createdAt: at(1) });
    trousers = await createProduct(shop, {
      title: 'Trousers',
      categories: [linen, summer],
      createdAt: at(2),
    });
    await createProduct(shop, { title: 'Sheet', categories: [linen, summer], createdAt: at(3) });
    await createProduct(shop, { title: 'Sandals', categories: [summer], createdAt: at(4) });
    await createProduct(shop, { title: 'Pan', categories: [kitchen], createdAt: at(5) });
    await createProduct(shop, { title: 'Draft', categories: [linen], status: 'draft' });
  });

  it("lists products sharing the cart's categories, cart items left out", async () => {
    const res = await api.post('/products/cart-similarities', {
      cart: [line(shirt.id), line(trousers.id)],
    });
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(res.body.data.data.map((i: { title: string }) => i.title)).toEqual(['Sheet', 'Sandals']);
    expect(res.body.data).toMatchObject({
      currentPage: 1,
      totalPages: 1,
      totalDocuments: 2,
      limit: 18,
    });
  });

  it('paginates with page and limit from the query', async () => {
    const res = await api.post('/products/cart-similarities?page=2&limit=1', {
      cart: [line(shirt.id)],
    });
    expect(res.body.data.data.map((i: { title: string }) => i.title)).toEqual(['Trousers']);
    expect(res.body.data).toMatchObject({
      currentPage: 2,
      totalPages: 2,
      totalDocuments: 2,
      limit: 1,
    });
    expectError(
      await api.post('/products/cart-similarities?limit=abc', { cart: [line(shirt.id)] }),
      422,
      'VALIDATION_FAILED',
    );
  });

  it('returns an empty page for an empty or unknown cart and rejects malformed items', async () => {
    for (const cart of [[], [line(crypto.randomUUID())], [line('legacy-id')]]) {
      const res = await api.post('/products/cart-similarities', { cart });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ totalDocuments: 0, data: [] });
    }
    const res = await api.post('/products/cart-similarities', {
      cart: [{ ...line(shirt.id), quantity: 0 }],
    });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(res.body.details[0].field).toBe('cart.0.quantity');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { VariantListSchema, VariantSchema } from '../../src/modules/products/schemas';
import { client, expectError } from '../helpers/api';
import {
  createMedia,
  createProduct,
  type TestMedia,
  type TestProduct,
} from '../helpers/catalog-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const PRODUCT_SHIPPING = {
  weight: 2,
  length: 10,
  width: 10,
  height: 10,
  weightUnit: 'kg',
  measurementUnit: 'cm',
};
const VARIANT_SHIPPING = { ...PRODUCT_SHIPPING, weight: 3 };

describe('product variants', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;
  let tee: TestProduct;
  let plain: TestProduct;
  let images: TestMedia[];

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
    images = [await createMedia(shop), await createMedia(shop), await createMedia(shop)];
    const past = new Date(Date.now() - 3_600_000);
    tee = await createProduct(shop, {
      title: 'Tee',
      shipping: PRODUCT_SHIPPING,
      media: [images[0] as TestMedia],
      options: [
        { name: 'Colour', values: ['Black', 'White'] },
        { name: 'Size', values: ['S', 'M'] },
      ],
      variants: [
        {
          values: ['Black', 'S'],
          sku: 'TEE-BS',
          priceMinor: 2000,
          salePriceMinor: 1500,
          saleStartsAt: past,
          stock: 5,
          shipping: VARIANT_SHIPPING,
          media: [images[2] as TestMedia, images[1] as TestMedia],
        },
        { values: ['Black', 'M'], priceMinor: 2100, stock: 0 },
        { values: ['White', 'S'], priceMinor: 2200, trackStock: false, hasShipping: false },
        { values: ['White', 'M'], priceMinor: 2300, active: false },
      ],
    });
    plain = await createProduct(shop, { title: 'Plain' });
  });

  describe('GET /products/variants', () => {
    it("lists the product's active variants in position order", async () => {
      const res = await api.get(`/products/variants?productId=${tee.slug}`);
      expect(res.status).toBe(200);
      expect(res.roundTrips).toBe(1);
      expect(VariantListSchema.strict().safeParse(res.body.data).error).toBeUndefined();
      expect(res.body.data.product).toEqual({ _id: tee.id, title: 'Tee', slug: tee.slug });
      expect(res.body.data.totalVariants).toBe(3);
      expect(res.body.data.variants.map((v: { key: string }) => v.key)).toEqual([
        tee.keyOf('Black', 'S'),
        tee.keyOf('Black', 'M'),
        tee.keyOf('White', 'S'),
      ]);
      const byId = await api.get(`/products/variants?productId=${tee.id}`);
      expect(byId.body).toEqual(res.body);
    });

    it('shows each variant with prices, stock, shipping and images', async () => {
      const res = await api.get(`/products/variants?productId=${tee.id}`);
      const [blackS, blackM, whiteS] = res.body.data.variants;
      for (const v of res.body.data.variants) {
        expect(VariantSchema.strict().safeParse(v).error).toBeUndefined();
      }
      const [colour, size] = tee.options;
      expect(blackS).toMatchObject({
        _id: tee.variants[0]?.id,
        position: 0,
        sku: 'TEE-BS',
        trackStock: true,
        status: 'in-stock',
        sellable: 5,
        price: 20,
        salePrice: 15,
        actualPrice: 15,
        onSale: true,
        hasShipping: true,
        shipping: VARIANT_SHIPPING,
        optionsValues: [
          {
            key: { _id: colour?.id, name: 'Colour' },
            value: { _id: colour?.values[0]?.id, value: 'Black' },
          },
          { key: { _id: size?.id, name: 'Size' }, value: { _id: size?.values[0]?.id, value: 'S' } },
        ],
      });
      expect(
        blackS.media.map((m: { _id: string; position: number }) => [m._id, m.position]),
      ).toEqual([
        [images[2]?.id, 0],
        [images[1]?.id, 1],
      ]);
      expect(blackS.primaryImage).toMatchObject({ _id: images[2]?.id, position: 0 });
      // No images of its own: the product's first image; its dimensions: the product's.
      expect(blackM).toMatchObject({
        status: 'out-of-stock',
        sellable: 0,
        salePrice: null,
        onSale: false,
        actualPrice: 21,
        shipping: PRODUCT_SHIPPING,
        media: [],
        primaryImage: { _id: images[0]?.id, position: 0 },
      });
      expect(whiteS).toMatchObject({
        trackStock: false,
        sellable: null,
        status: 'in-stock',
        hasShipping: false,
        shipping: null,
      });
    });

    it('summarises variants at product level', async () => {
      const res = await api.get(`/products/${tee.slug}`);
      // Tracked active stock: 5 + 0; White/S is untracked, so the product is in stock.
      expect(res.body.data).toMatchObject({
        sellable: 5,
        status: 'in-stock',
        minPrice: 15,
        maxPrice: 22,
        onSale: true,
      });
    });

    it('returns no variants for a product without any', async () => {
      const res = await api.get(`/products/variants?productId=${plain.id}`);
      expect(res.body.data).toEqual({
        product: { _id: plain.id, title: 'Plain', slug: plain.slug },
        totalVariants: 0,
        variants: [],
      });
    });

    it('answers PRODUCT_ID_REQUIRED and PRODUCT_NOT_FOUND', async () => {
      expectError(await api.get('/products/variants'), 400, 'PRODUCT_ID_REQUIRED');
      expectError(await api.get('/products/variants?productId='), 400, 'PRODUCT_ID_REQUIRED');
      expectError(await api.get('/products/variants?productId=%20%20'), 400, 'PRODUCT_ID_REQUIRED');
      expectError(await api.get('/products/variants?productId=nope'), 404, 'PRODUCT_NOT_FOUND');
      const foreign = await createProduct(await createTestShop(), {
        options: [{ name: 'Size', values: ['S'] }],
      });
      expectError(
        await api.get(`/products/variants?productId=${foreign.id}`),
        404,
        'PRODUCT_NOT_FOUND',
      );
    });
  });

  describe('GET /products/variant-details', () => {
    const details = (productId: string, variationKey: string) =>
      api.get(`/products/variant-details?productId=${productId}&variationKey=${variationKey}`);

    it('returns the variant with that key', async () => {
      const res = await details(tee.slug, tee.keyOf('Black', 'S'));
      expect(res.status).toBe(200);
      expect(res.roundTrips).toBe(1);
      expect(VariantSchema.strict().safeParse(res.body.data).error).toBeUndefined();
      const list = await api.get(`/products/variants?productId=${tee.id}`);
      expect(res.body.data).toEqual(list.body.data.variants[0]);
      // The envelope's status is the response's; the variant keeps its own stock status.
      expect(res.body.status).toBe('success');
      expect(['in-stock', 'out-of-stock']).toContain(res.body.data.status);
    });

    it('accepts an upper-case key', async () => {
      const res = await details(tee.id, tee.keyOf('White', 'S').toUpperCase());
      expect(res.body.data._id).toBe(tee.variants[2]?.id);
    });

    it('answers PRODUCT_ID_REQUIRED before anything else', async () => {
      expectError(
        await api.get(`/products/variant-details?variationKey=${tee.keyOf('Black', 'S')}`),
        400,
        'PRODUCT_ID_REQUIRED',
      );
      expectError(
        await api.get('/products/variant-details?variationKey=bad'),
        400,
        'PRODUCT_ID_REQUIRED',
      );
    });

    it('answers INVALID_VARIATION_KEY for a missing or malformed key', async () => {
      for (const key of [
        '',
        'abc',
        `${tee.keyOf('Black', 'S')}-`,
        'not-a-uuid-at-all',
        `${crypto.randomUUID()}_${crypto.randomUUID()}`,
      ]) {
        const res = await details(tee.id, encodeURIComponent(key));
        expectError(res, 400, 'INVALID_VARIATION_KEY');
        expect(res.roundTrips).toBe(0);
      }
      expectError(
        await api.get(`/products/variant-details?productId=${tee.id}`),
        400,
        'INVALID_VARIATION_KEY',
      );
    });

    it('answers INVALID_OPTION_VALUES when the ids are not the options in order', async () => {
      const [colour, size] = tee.options;
      const black = colour?.values[0]?.id ?? '';
      const small = size?.values[0]?.id ?? '';
      const cases = [
        `${small}-${black}`, // wrong order
        black, // too few
        `${black}-${small}-${small}`, // too many
        `${black}-${crypto.randomUUID()}`, // not a value of the product
        `${black}-${black}`, // a value of another option
      ];
      for (const key of cases) {
        expectError(await details(tee.id, key), 400, 'INVALID_OPTION_VALUES');
      }
      expectError(await details(plain.id, black), 400, 'INVALID_OPTION_VALUES');
    });

    it('answers VARIANT_NOT_FOUND for a valid combination that does not exist or is inactive', async () => {
      const partial = await createProduct(shop, {
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [{ values: ['S'] }],
      });
      expectError(await details(partial.id, partial.keyOf('M')), 404, 'VARIANT_NOT_FOUND');
      expectError(await details(tee.id, tee.keyOf('White', 'M')), 404, 'VARIANT_NOT_FOUND');
    });

    it('answers PRODUCT_NOT_FOUND for an unknown product', async () => {
      expectError(await details('nope', tee.keyOf('Black', 'S')), 404, 'PRODUCT_NOT_FOUND');
    });
  });
});

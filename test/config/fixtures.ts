import { eq } from 'drizzle-orm';
import * as s from '../../src/db/schema';
import { createCategory, createMedia } from '../helpers/category-factory';
import { testDb } from '../helpers/db';
import { createTestShop, type ShopOverrides, type TestShop } from '../helpers/shop-factory';

export type ProductOverrides = Partial<Omit<typeof s.products.$inferInsert, 'shopId'>>;

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Inserts a product with the given images (`media` ids at their positions). */
export async function createProduct(
  shopId: string,
  overrides: ProductOverrides = {},
  images: Array<{ mediaId: string; position: number }> = [],
) {
  const db = testDb();
  const [product] = await db
    .insert(s.products)
    .values({
      shopId,
      title: `Product ${next()}`,
      slug: `product-${next()}`,
      priceMinor: 1000,
      ...overrides,
    })
    .returning();
  if (!product) throw new Error('product insert returned nothing');
  if (images.length > 0) {
    await db
      .insert(s.productMedia)
      .values(images.map((image) => ({ shopId, productId: product.id, ...image })));
  }
  return product;
}

export type SeoShop = {
  shop: TestShop;
  primaryHost: string;
  otherHost: string;
  icon: typeof s.media.$inferSelect;
  logo: typeof s.media.$inferSelect;
  product: typeof s.products.$inferSelect;
  productImage: typeof s.media.$inferSelect;
  bareProduct: typeof s.products.$inferSelect;
  draftProduct: typeof s.products.$inferSelect;
  category: typeof s.categories.$inferSelect;
  draftCategory: typeof s.categories.$inferSelect;
};

/**
 * A shop with SEO defaults, a primary and a second domain, an icon and a logo, a
 * product with two images, one without images, a draft product, a category (with
 * image), a draft category and two policies.
 */
export async function createSeoShop(overrides: ShopOverrides = {}): Promise<SeoShop> {
  const id = next();
  const primaryHost = `www.seo-${id}.example`;
  const otherHost = `seo-${id}.example`;
  const shop = await createTestShop({
    name: 'Linen & Co',
    domains: [
      { hostname: otherHost, isPrimary: false },
      { hostname: primaryHost, isPrimary: true },
    ],
    ...overrides,
  });
  const db = testDb();
  const icon = await createMedia(shop.id, { filename: `icon-${id}.png`, mimeType: 'image/png' });
  const logo = await createMedia(shop.id, {
    filename: `logo-${id}.svg`,
    mimeType: 'image/svg+xml',
  });
  const productImage = await createMedia(shop.id, { filename: `shirt ${id}.jpg` });
  const secondImage = await createMedia(shop.id, { filename: `shirt-back-${id}.jpg` });
  const product = await createProduct(
    shop.id,
    {
      title: 'Linen shirt',
      slug: `linen-shirt-${id}`,
      description:
        '<p>Made from <strong>washed&nbsp;linen</strong> &amp; cut loose.</p><script>alert(1)</script>' +
        '<ul><li>Breathes in summer</li><li>Softens with every wash, so it feels like an old friend after a season of wear, and it keeps its shape through many summers</li></ul>',
    },
    // Inserted first but placed second: the primary image is the lowest position.
    [
      { mediaId: secondImage.id, position: 5 },
      { mediaId: productImage.id, position: 1 },
    ],
  );
  const bareProduct = await createProduct(shop.id, { title: 'Plain tote', slug: `tote-${id}` });
  const draftProduct = await createProduct(shop.id, {
    title: 'Secret',
    slug: `secret-${id}`,
    status: 'draft',
  });
  const category = await createCategory(shop.id, {
    name: 'Summer',
    slug: `summer-${id}`,
    description: '<h2>Light things</h2><p>For hot days.</p>',
    imageId: logo.id,
  });
  const draftCategory = await createCategory(shop.id, { slug: `hidden-${id}`, status: 'draft' });
  await db.batch([
    db.insert(s.policies).values([
      {
        shopId: shop.id,
        type: 'privacy',
        title: 'Privacy notice',
        content: '<p>We keep &lt;little&gt; data.</p>',
      },
      { shopId: shop.id, type: 'terms-of-service', content: '' },
    ]),
    db
      .update(s.shopSettings)
      .set({
        document: {
          seo: {
            title: 'Linen & Co Store',
            description: 'Linen clothes made to last.',
            keywords: ['linen', 'clothes'],
            author: 'Linen & Co GmbH',
            iconId: icon.id,
          },
          branding: { logoId: logo.id },
          pages: [
            { name: 'Home', url: '/' },
            { _id: 'p1', name: 'About us', url: '/about-us' },
            { _id: 'p2', name: 'Journal', url: 'https://blog.example.com/' },
          ],
        },
      })
      .where(eq(s.shopSettings.shopId, shop.id)),
  ]);
  return {
    shop,
    primaryHost,
    otherHost,
    icon,
    logo,
    product,
    productImage,
    bareProduct,
    draftProduct,
    category,
    draftCategory,
  };
}

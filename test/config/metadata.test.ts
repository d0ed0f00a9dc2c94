import { beforeAll, describe, expect, it } from 'vitest';
import { PageMetadataSchema } from '../../src/modules/config/schemas';
import { client, expectError } from '../helpers/api';
import { createTestShop } from '../helpers/shop-factory';
import { createProduct, createSeoShop, type SeoShop } from './fixtures';

describe('POST /config', () => {
  let f: SeoShop;
  let api: ReturnType<typeof client>;
  let base: string;
  const site = 'Linen & Co Store';
  const mediaUrl = (filename: string) => `/${f.shop.id}/media/${encodeURIComponent(filename)}`;
  const meta = async (url: string, param?: string | null) => {
    const res = await api.post('/config', param === undefined ? { url } : { url, param });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.roundTrips).toBe(1);
    return res.body.data;
  };

  beforeAll(async () => {
    f = await createSeoShop();
    api = client(f.shop.apiKey);
    base = `https://${f.primaryHost}`;
  });

  describe('static pages', () => {
    it('answers the home page with the shop defaults, in the contract shape, in one statement', async () => {
      const res = await api.post('/config', { url: '/' });
      expect(res.status).toBe(200);
      expect(res.roundTrips).toBe(1);
      expect(res.body.status).toBe('success');
      expect(PageMetadataSchema.strict().safeParse(res.body.data).error?.issues ?? []).toEqual([]);
      const data = res.body.data;
      expect(data).toMatchObject({
        title: site,
        description: 'Linen clothes made to last.',
        metadataBase: base,
        author: 'Linen & Co GmbH',
        keywords: ['linen', 'clothes'],
        charSet: 'utf-8',
      });
      expect(data.icons.icon).toHaveLength(1);
      expect(data.icons.icon[0].type).toBe('image/png');
      expect(data.icons.icon[0].url).toMatch(/^https?:\/\//);
      expect(data.icons.icon[0].url.endsWith(mediaUrl(f.icon.filename))).toBe(true);
      expect(data.openGraph).toMatchObject({
        type: 'website',
        title: site,
        description: 'Linen clothes made to last.',
        url: `${base}/`,
      });
      expect(data.openGraph.images).toHaveLength(1);
      expect(data.openGraph.images[0].endsWith(mediaUrl(f.logo.filename))).toBe(true);
    });

    it.each([
      ['/shop', 'Shop', '/shop'],
      ['/shop/', 'Shop', '/shop'],
      ['/contact-us', 'Contact us', '/contact-us'],
      ['/checkout/success', 'Order confirmed', '/checkout/success'],
      ['/newsletter/unsubscribe', 'Unsubscribe', '/newsletter/unsubscribe'],
      ['/newsletter/verify', 'Confirm your subscription', '/newsletter/verify'],
      ['/bag', 'Bag', '/bag'],
      ['/wish-list', 'Wish list', '/wish-list'],
      ['/checkout', 'Checkout', '/checkout'],
      ['/dashboard', 'My account', '/dashboard'],
      ['/dashboard/orders', 'My orders', '/dashboard/orders'],
      ['/dashboard/orders/:id', 'Order details', '/dashboard/orders'],
      ['/dashboard/orders/8f2c', 'Order details', '/dashboard/orders/8f2c'],
      ['/about-us', 'About us', '/about-us'],
      ['/shop?sort=price#top', 'Shop', '/shop'],
    ])('titles %s as "%s | <site>"', async (url, title, path) => {
      const data = await meta(url);
      expect(data.title).toBe(`${title} | ${site}`);
      expect(data.openGraph.title).toBe(data.title);
      expect(data.description).toBe('Linen clothes made to last.');
      expect(data.openGraph.url).toBe(`${base}${path}`);
    });

    it('fills a static pattern placeholder from param', async () => {
      const data = await meta('/dashboard/orders/:id', 'ord 42');
      expect(data.title).toBe(`Order details | ${site}`);
      expect(data.openGraph.url).toBe(`${base}/dashboard/orders/ord%2042`);
    });

    it('gives any other static URL the site title', async () => {
      const data = await meta('/lookbook/2025');
      expect(data.title).toBe(site);
      expect(data.openGraph.url).toBe(`${base}/lookbook/2025`);
    });
  });

  describe('/product/:id', () => {
    it('describes a product by slug: title, plain-text description, primary image, canonical URL', async () => {
      const data = await meta('/product/:id', f.product.slug);
      expect(data.title).toBe(`Linen shirt | ${site}`);
      expect(data.openGraph.title).toBe(data.title);
      expect(
        data.description.startsWith(
          'Made from washed linen & cut loose. Breathes in summer Softens',
        ),
      ).toBe(true);
      expect(data.description).not.toMatch(/[<>]|alert|&amp;|&nbsp;|\s{2}/);
      expect(Array.from(data.description).length).toBeLessThanOrEqual(160);
      expect(data.description.endsWith('…')).toBe(true);
      expect(data.description).not.toMatch(/\s…$/);
      expect(data.openGraph.description).toBe(data.description);
      expect(data.openGraph.type).toBe('website');
      expect(data.openGraph.images).toHaveLength(1);
      expect(data.openGraph.images[0].endsWith(mediaUrl(f.productImage.filename))).toBe(true);
      expect(data.openGraph.images[0]).toContain('%20');
      expect(data.openGraph.url).toBe(`${base}/product/${f.product.slug}`);
      expect(data.metadataBase).toBe(base);
    });

    it('finds the product by id and still answers its canonical slug URL', async () => {
      const data = await meta('/product/:id', f.product.id);
      expect(data.title).toBe(`Linen shirt | ${site}`);
      expect(data.openGraph.url).toBe(`${base}/product/${f.product.slug}`);
    });

    it('takes the identifier from a concrete path', async () => {
      const data = await meta(`/product/${f.product.slug}`);
      expect(data.title).toBe(`Linen shirt | ${site}`);
    });

    it('falls back to the logo and the shop description for a product without images or text', async () => {
      const data = await meta('/product/:id', f.bareProduct.slug);
      expect(data.title).toBe(`Plain tote | ${site}`);
      expect(data.description).toBe('Linen clothes made to last.');
      expect(data.openGraph.images[0].endsWith(mediaUrl(f.logo.filename))).toBe(true);
    });

    it('keeps a short description whole', async () => {
      const product = await createProduct(f.shop.id, {
        title: 'Cap',
        description: '  <b>Sun</b>\n\n  cap  ',
      });
      const data = await meta('/product/:id', product.slug);
      expect(data.description).toBe('Sun cap');
    });

    it.each([
      ['a draft product', () => f.draftProduct.slug],
      ['an unknown slug', () => 'no-such-product'],
      ['an unknown id', () => crypto.randomUUID()],
      ['an id of another shop', () => crypto.randomUUID()],
      ['a hostile identifier', () => "x' or 1=1; --"],
    ])('falls back to the shop defaults for %s', async (_case, param) => {
      const id = param();
      const data = await meta('/product/:id', id);
      expect(data.title).toBe(site);
      expect(data.description).toBe('Linen clothes made to last.');
      expect(data.openGraph.url).toBe(`${base}/product/${encodeURIComponent(id)}`);
    });

    it('falls back to the shop defaults without a param', async () => {
      const data = await meta('/product/:id');
      expect(data.title).toBe(site);
      expect(data.openGraph.url).toBe(`${base}/product`);
    });

    it("does not show another shop's product", async () => {
      const other = await createSeoShop();
      const data = await meta('/product/:id', other.product.id);
      expect(data.title).toBe(site);
    });
  });

  describe('/collections/:id', () => {
    it('describes a published category by slug', async () => {
      const data = await meta('/collections/:id', f.category.slug);
      expect(data.title).toBe(`Summer | ${site}`);
      expect(data.description).toBe('Light things For hot days.');
      expect(data.openGraph.images[0].endsWith(mediaUrl(f.logo.filename))).toBe(true);
      expect(data.openGraph.url).toBe(`${base}/collections/${f.category.slug}`);
    });

    it('falls back to the defaults for a draft or unknown category', async () => {
      for (const slug of [f.draftCategory.slug, 'nothing-here']) {
        const data = await meta('/collections/:id', slug);
        expect(data.title).toBe(site);
      }
    });
  });

  describe('/support/:id', () => {
    it("describes a configured policy by its type, with the policy's text", async () => {
      const data = await meta('/support/:id', 'privacy');
      expect(data.title).toBe(`Privacy notice | ${site}`);
      expect(data.description).toBe('We keep <little> data.');
      expect(data.openGraph.url).toBe(`${base}/support/privacy`);
    });

    it('names an untitled policy after its type and keeps the shop description', async () => {
      const data = await meta('/support/terms-of-service');
      expect(data.title).toBe(`Terms of service | ${site}`);
      expect(data.description).toBe('Linen clothes made to last.');
    });

    it('falls back to the defaults for an unconfigured or unknown type', async () => {
      for (const type of ['cookie', 'not-a-policy']) {
        const data = await meta('/support/:id', type);
        expect(data.title).toBe(site);
        expect(data.openGraph.url).toBe(`${base}/support/${type}`);
      }
    });
  });

  describe('/search', () => {
    it('titles the results with the trimmed term', async () => {
      const data = await meta('/search', '  linen \n shirt ');
      expect(data.title).toBe(`Search results for "linen shirt" | ${site}`);
      expect(data.description).toBe('Linen clothes made to last.');
      expect(data.openGraph.url).toBe(`${base}/search`);
    });

    it('shortens a long term and leaves markup as text', async () => {
      const data = await meta('/search', `<b>${'x'.repeat(300)}</b>`);
      expect(data.title.startsWith('Search results for "<b>xxx')).toBe(true);
      expect(data.title).toContain('…"');
      expect(data.title.length).toBeLessThan(160);
    });

    it('titles the page "Search" without a term', async () => {
      expect((await meta('/search')).title).toBe(`Search | ${site}`);
      expect((await meta('/search', null)).title).toBe(`Search | ${site}`);
    });
  });

  describe('absolute URLs', () => {
    it("accepts a full URL on one of the shop's hosts and uses its path", async () => {
      for (const host of [f.primaryHost, f.otherHost.toUpperCase(), `${f.shop.handle}.localhost`]) {
        const data = await meta(`https://${host}/product/${f.product.slug}?utm_source=x`);
        expect(data.title).toBe(`Linen shirt | ${site}`);
        expect(data.metadataBase).toBe(base);
      }
    });

    it('refuses a full URL on another host, in one statement', async () => {
      const other = await createSeoShop();
      for (const host of ['evil.example', other.primaryHost]) {
        const res = await api.post('/config', { url: `https://${host}/shop` });
        expectError(res, 400, 'SHOP_URL_INVALID');
        expect(res.roundTrips).toBe(1);
      }
    });
  });

  describe('invalid URLs', () => {
    it.each([
      ['empty', ''],
      ['no leading slash', 'shop'],
      ['protocol-relative', '//evil.example/shop'],
      ['another scheme', 'javascript:alert(1)'],
      ['a data URL', 'data:text/html,hi'],
      ['ftp', 'ftp://files.example/shop'],
      ['a backslash', '/shop\\..\\admin'],
      ['a backslash prefix', '/\\evil.example'],
      ['a control character', '/sh\u0000op'],
      ['a newline', '/shop\n/x'],
      ['whitespace', '/a b'],
      ['a dot segment', '/shop/../admin'],
      ['an encoded dot segment', '/shop/%2e%2e/admin'],
      ['an empty segment', '/shop//bag'],
      ['bad percent-encoding', '/collections/%E0%A4%A'],
      ['credentials', 'https://user:pw@shop.example/'],
      ['over 2048 characters', `/${'a'.repeat(2048)}`],
    ])('refuses %s with SHOP_URL_INVALID', async (_case, url) => {
      const res = await api.post('/config', { url });
      expectError(res, 400, 'SHOP_URL_INVALID');
      expect(res.roundTrips).toBe(0);
    });

    it('refuses a missing or non-string url with details', async () => {
      for (const body of [{}, { url: 42 }, { url: '/', param: { id: 1 } }]) {
        const res = await api.post('/config', body);
        const envelope = expectError(res, 400, 'SHOP_URL_INVALID') as { details?: unknown[] };
        expect(envelope.details?.length).toBeGreaterThan(0);
      }
    });
  });

  describe('a shop that configured nothing', () => {
    it('answers its name, no images, and links on <handle>.<suffix>', async () => {
      const bare = await createTestShop({ name: 'Bare Shop' });
      const res = await client(bare.apiKey).post('/config', { url: '/shop' });
      expect(res.status).toBe(200);
      expect(PageMetadataSchema.strict().safeParse(res.body.data).error?.issues ?? []).toEqual([]);
      expect(res.body.data).toEqual({
        title: 'Shop | Bare Shop',
        description: 'Bare Shop',
        icons: { icon: [] },
        metadataBase: `https://${bare.handle}.localhost`,
        author: 'Bare Shop',
        keywords: [],
        charSet: 'utf-8',
        openGraph: {
          type: 'website',
          images: [],
          title: 'Shop | Bare Shop',
          description: 'Bare Shop',
          url: `https://${bare.handle}.localhost/shop`,
        },
      });
    });
  });
});

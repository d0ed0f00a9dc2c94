/** The reference theme's rules that need no browser: cart, variant keys, analytics sessions, markup. */
import { describe, expect, it } from 'vitest';
import { type AnalyticsState, SESSION_IDLE_MS, track } from '../../apps/theme/src/lib/analytics';
import { addToCart, parseCart, reconcile, setQuantity } from '../../apps/theme/src/lib/cart';
import { readCompactCart, readWish, writeCart, writeWish } from '../../apps/theme/src/lib/cookies';
import { unescapeHtml } from '../../apps/theme/src/lib/html';
import { imageUrl } from '../../apps/theme/src/lib/images';
import { defaultChoice, variantKey } from '../../apps/theme/src/lib/variants';

describe('cart', () => {
  it('merges a product and variant already in the cart, and caps the quantity', () => {
    let cart = addToCart([], 'p1', 'a-b', 2);
    cart = addToCart(cart, 'p1', 'a-b', 3);
    cart = addToCart(cart, 'p1', 'a-c', 1);
    expect(cart).toEqual([
      { productId: 'p1', variationKey: 'a-b', quantity: 5, type: 'product' },
      { productId: 'p1', variationKey: 'a-c', quantity: 1, type: 'product' },
    ]);
    expect(addToCart(cart, 'p1', 'a-b', 500)[0]?.quantity).toBe(99);
  });

  it('removes a line set to zero and ignores malformed stored lines', () => {
    const cart = addToCart(addToCart([], 'p1', '', 1), 'p2', '', 1);
    expect(setQuantity(cart, 'p1', '', 0).map((l) => l.productId)).toEqual(['p2']);
    expect(
      parseCart([
        { productId: 'x', quantity: -1 },
        { quantity: 2 },
        'junk',
        { productId: 'y', quantity: 2 },
      ]),
    ).toEqual([{ productId: 'y', quantity: 2, type: 'product', variationKey: '' }]);
  });

  it('round-trips through its cookie form, and drops what the cookie cannot hold', () => {
    const cart = addToCart(addToCart([], 'p1', 'k1-k2', 2), 'p2', '', 1);
    expect(readCompactCart(writeCart(cart))).toEqual(cart);
    expect(readCompactCart('not json')).toEqual([]);
    expect(readWish(writeWish(['a', 'b', 'a', '../x']))).toEqual(['a', 'b']);
  });

  it('drops lines hydration no longer returns and prices the rest from actualPrice', () => {
    const cart = [
      ...addToCart([], 'p1', 'v1', 2),
      { productId: 'gone', quantity: 1, type: 'product' as const, variationKey: '' },
      { productId: 'p2', quantity: 3, type: 'product' as const, variationKey: '' },
    ];
    const hydrated = [
      { _id: 'p1', title: 'A', slug: 'a', variationKey: 'v1', actualPrice: 19.9 },
      { _id: 'p2', title: 'B', slug: 'b', variationKey: null, actualPrice: 5 },
    ];
    const { lines, dropped, subtotal } = reconcile(cart, hydrated);
    expect(lines.map((l) => [l.productId, l.lineTotal])).toEqual([
      ['p1', 39.8],
      ['p2', 15],
    ]);
    expect(dropped.map((l) => l.productId)).toEqual(['gone']);
    expect(subtotal).toBe(54.8);
  });
});

describe('variant keys', () => {
  const options = [
    { _id: 'colour', position: 1, values: [{ _id: 'red' }, { _id: 'blue' }] },
    { _id: 'size', position: 0, values: [{ _id: 's' }, { _id: 'm' }] },
  ];
  it('joins the chosen value ids with a dash in option order, not in the order given', () => {
    expect(variantKey(options, { colour: 'blue', size: 'm' })).toBe('m-blue');
  });
  it('is null until every option has one of its own values', () => {
    expect(variantKey(options, { colour: 'blue' })).toBeNull();
    expect(variantKey(options, { colour: 'blue', size: 'red' })).toBeNull();
  });
  it('starts from defaultOptions', () => {
    expect(defaultChoice([{ _id: 'size', value: { _id: 's' } }])).toEqual({ size: 's' });
    expect(defaultChoice(null)).toEqual({});
  });
});

describe('analytics sessions', () => {
  const ids = () => {
    let n = 0;
    return () => `id-${++n}`;
  };
  const start: AnalyticsState = { visitorId: 'visitor', session: null };

  it('starts a session on the first page and sends page views once per url', () => {
    const newId = ids();
    const a = track(start, {
      event: 'page_view',
      metadata: { url: '/' },
      path: '/',
      now: 0,
      newId,
    });
    expect(a.payload).toMatchObject({
      userId: 'visitor',
      sessionId: 'id-1',
      sessionStartPage: '/',
      event: 'page_view',
    });
    const b = track(a.state, {
      event: 'page_view',
      metadata: { url: '/' },
      path: '/',
      now: 1000,
      newId,
    });
    expect(b.payload).toBeNull();
    const c = track(b.state, {
      event: 'page_view',
      metadata: { url: '/shop' },
      path: '/shop',
      now: 2000,
      newId,
    });
    expect(c.payload).toMatchObject({ sessionId: 'id-1', sessionStartPage: '/' });
    const d = track(c.state, {
      event: 'add_to_cart',
      metadata: { productId: 'p', quantity: 1 },
      path: '/shop',
      now: 3000,
      newId,
    });
    const e = track(d.state, {
      event: 'add_to_cart',
      metadata: { productId: 'p', quantity: 1 },
      path: '/shop',
      now: 4000,
      newId,
    });
    expect(d.payload && e.payload).toBeTruthy();
  });

  it('renews the session with each event and ends it after 30 idle minutes', () => {
    const newId = ids();
    let s = track(start, {
      event: 'page_view',
      metadata: { url: '/' },
      path: '/',
      now: 0,
      newId,
    }).state;
    s = track(s, {
      event: 'search',
      metadata: { term: 'x' },
      path: '/search',
      now: SESSION_IDLE_MS - 1,
      newId,
    }).state;
    const kept = track(s, {
      event: 'search',
      metadata: { term: 'y' },
      path: '/search',
      now: 2 * SESSION_IDLE_MS - 2,
      newId,
    });
    expect(kept.payload?.sessionId).toBe('id-1');
    const next = track(kept.state, {
      event: 'page_view',
      metadata: { url: '/' },
      path: '/bag',
      now: 3 * SESSION_IDLE_MS,
      newId,
    });
    expect(next.payload).toMatchObject({
      sessionId: 'id-2',
      sessionStartPage: '/bag',
      userId: 'visitor',
    });
  });

  it('sends a product view and a social referral once per context per session', () => {
    const newId = ids();
    const a = track(start, {
      event: 'product_view',
      metadata: { productId: 'p1', url: '/product/a' },
      path: '/product/a',
      now: 0,
      newId,
    });
    const b = track(a.state, {
      event: 'product_view',
      metadata: { productId: 'p1', url: '/product/a?x' },
      path: '/product/a',
      now: 1,
      newId,
    });
    const r = { utm_source: 'ig', utm_medium: 'social', utm_campaign: 'spring' };
    const c = track(b.state, { event: 'social_referral', metadata: r, path: '/', now: 2, newId });
    const d = track(c.state, { event: 'social_referral', metadata: r, path: '/', now: 3, newId });
    expect([
      a.payload !== null,
      b.payload !== null,
      c.payload !== null,
      d.payload !== null,
    ]).toEqual([true, false, true, false]);
  });
});

describe('merchant markup (sanitized in test/theme/markup.test.ts) and images', () => {
  it('unescapes the five entities, &amp; last', () => {
    expect(unescapeHtml('&lt;p&gt;Tom &amp;amp; &quot;Jerry&quot; &#39;s&lt;/p&gt;')).toBe(
      '<p>Tom &amp; "Jerry" \'s</p>',
    );
  });
  it('builds image URLs from the media base and the last segment of uploadUrl, nulls checked', () => {
    expect(imageUrl('https://cdn.example/shop/media/', { uploadUrl: 'shop/media/a.png' })).toBe(
      'https://cdn.example/shop/media/a.png',
    );
    expect(imageUrl('https://cdn.example/shop/media', { uploadUrl: 'shop/media/a.png' })).toBe(
      'https://cdn.example/shop/media/a.png',
    );
    expect(imageUrl('https://cdn.example/shop/media/', null)).toBeNull();
    expect(imageUrl(null, { uploadUrl: 'x.png' })).toBeNull();
  });
});

/** The reference theme's rules that need no browser: cart, variant keys, analytics sessions, markup. */
import { describe, expect, it } from 'vitest';
import {
  type AnalyticsState,
  SESSION_IDLE_MS,
  track,
} from '../../../../apps/theme/src/lib/analytics';
import { addToCart, parseCart, reconcile, setQuantity } from '../../../../apps/theme/src/lib/cart';
import {
  readCompactCart,
  readWish,
  writeCart,
  writeWish,
} from '../../../../apps/theme/src/lib/cookies';
import { unescapeHtml } from '../../../../apps/theme/src/lib/html';
import { imageUrl } from '../../../../apps/theme/src/lib/images';
import {
  type QuoteSettings,
  quoteOrder,
  quoteRows,
  taxNote,
} from '../../../../apps/theme/src/lib/quote';
import { defaultChoice, variantKey } from '../../../../apps/theme/src/lib/variants';
import { PRICING_CASES, type PricingCase } from '../../../fixtures/pricing-cases';

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

/** The shop of a pricing case as GET /settings shows it (amounts in the currency, not minor units). */
function settingsOf(c: PricingCase): QuoteSettings {
  const amount = (minor: number) => minor / 10 ** c.digits;
  return {
    shipping: {
      active: true,
      removeAddress: false,
      standardActive: true,
      pickupActive: false,
      standard: c.rates.map((r) => ({
        _id: r.title,
        title: r.title,
        price: amount(r.priceMinor),
        description: '',
        default: r.title === c.rates[0]?.title,
        minOrder: r.minOrderMinor === null ? null : amount(r.minOrderMinor),
      })),
      pickup: [],
    },
    tax: c.tax,
  };
}

const quoteOf = (c: PricingCase, asked?: string) => {
  const amount = (minor: number) => minor / 10 ** c.digits;
  return quoteOrder({
    lines: c.lines.map((l) => ({ unitPrice: amount(l.unitMinor), quantity: l.quantity })),
    // The theme takes the discount POST /coupons answered, as the API computed it.
    discount: amount(c.expected.coupon),
    settings: settingsOf(c),
    currency: c.currency,
    asked,
  });
};

describe('the checkout quote, against the pricing table', () => {
  it.each(PRICING_CASES)('$name', (c) => {
    const amount = (minor: number) => minor / 10 ** c.digits;
    const quote = quoteOf(c);
    expect({
      products: quote.products,
      discount: quote.discount,
      delivery: quote.delivery,
      tax: quote.tax,
      total: quote.total,
      chosen: quote.chosen,
      unavailable: quote.options.filter((o) => o.unavailable).map((o) => o.value),
    }).toEqual({
      products: amount(c.expected.products),
      discount: amount(c.expected.coupon),
      delivery: amount(c.expected.shipping),
      tax: amount(c.expected.tax),
      total: amount(c.expected.total),
      chosen: `standard:${c.expected.rate}`,
      unavailable: c.expected.unavailable.map((t) => `standard:${t}`),
    });
  });

  it.each(PRICING_CASES)('lists the summary rows and the total to pay: $name', (c) => {
    const amount = (minor: number) => minor / 10 ** c.digits;
    const { rows, total } = quoteRows(quoteOf(c), 'CODE');
    const tax = c.tax.inclusive ? `Includes ${c.tax.value}% VAT` : `Tax (${c.tax.value}%, added)`;
    expect(rows).toEqual([
      { label: 'Products', amount: amount(c.expected.products) },
      ...(c.expected.coupon
        ? [{ label: 'Discount (CODE)', amount: amount(c.expected.coupon), discount: true }]
        : []),
      { label: `Delivery: ${c.expected.rate}`, amount: amount(c.expected.shipping) },
      ...(c.tax.active ? [{ label: tax, amount: amount(c.expected.tax) }] : []),
    ]);
    expect(total).toEqual({ label: 'Total to pay', amount: amount(c.expected.total) });
  });

  it('never selects an option the bag does not qualify for, even when asked', () => {
    const small = PRICING_CASES[0] as PricingCase;
    const quote = quoteOf(small, 'standard:Free over 100');
    expect(quote.chosen).toBe('standard:Standard');
    expect(quote.total).toBe(18.9);
    const free = quote.options.find((o) => o.value === 'standard:Free over 100');
    expect(free?.unavailable).toBe('For orders of €100.00 or more: add €86.00 to your bag.');
  });

  it('keeps the option asked for when the bag qualifies, and its fee in the total', () => {
    const big = PRICING_CASES[1] as PricingCase;
    const quote = quoteOf(big, 'standard:Standard');
    expect(quote.chosen).toBe('standard:Standard');
    expect(quote.total).toBe(153.89);
  });

  it('charges no delivery when no line of the bag is delivered, as checkout does', () => {
    const c = PRICING_CASES[0] as PricingCase;
    const quote = quoteOrder({
      lines: [{ unitPrice: 8, quantity: 1, item: { needsShipping: false } }],
      discount: 0,
      settings: settingsOf(c),
      currency: 'EUR',
    });
    expect(quote).toMatchObject({ options: [], delivery: null, chosen: '', total: 8 });
    expect(quoteRows(quote, null).rows.map((r) => r.label)).toEqual(['Products']);
  });

  it('says whether prices include tax', () => {
    expect(taxNote({ active: true, value: 19, inclusive: true })).toBe('incl. 19% VAT');
    expect(taxNote({ active: true, value: 20, inclusive: false })).toBe('plus 20% tax');
    expect(taxNote({ active: false, value: 20, inclusive: false })).toBeNull();
  });
});

/**
 * A theme's journey through the storefront API with the typed client (packages/client):
 * list products, open one, pick a variant, hydrate a cart, check a coupon, sign in with the
 * code from the mail sink, place an order, list orders and review a delivered product.
 *
 *   npm run dev                       # in another terminal
 *   npx tsx examples/storefront.ts
 *
 * PORT and MAIL_PORT, as for `npm run dev` and `npm run signin`, or STOREFRONT_API and MAIL_SINK
 * (whole URLs), STOREFRONT_KEY, CUSTOMER_EMAIL and COUPON point it elsewhere.
 */
import {
  type ApiErrorBody,
  createStorefrontClient,
  type StorefrontClient,
} from '@storefront-api/client';

const API =
  process.env.STOREFRONT_API ?? `http://127.0.0.1:${process.env.PORT ?? 8787}/access/api/v1`;
const KEY = process.env.STOREFRONT_KEY ?? 'sf_demo_aurora_0f6b9d1e4c2a7b3d5e8f1a2b3c4d5e6f';
const MAIL_SINK = process.env.MAIL_SINK ?? `http://127.0.0.1:${process.env.MAIL_PORT ?? 8025}`;
const EMAIL = process.env.CUSTOMER_EMAIL ?? 'demo@aurora.example';
const COUPON = process.env.COUPON ?? 'LINEN5';
/** Tokens are bound to the device that signed in: one id for this script's calls. */
const DEVICE = 'storefront-example';

type Result<T> = { data?: T; error?: ApiErrorBody | unknown; response: Response };

/** Fails the script with the API's error code when a call did not succeed. */
async function must<T>(label: string, call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined || error !== undefined) {
    const body = error as Partial<ApiErrorBody> | undefined;
    throw new Error(`${label}: ${response.status} ${body?.code ?? ''} ${body?.message ?? ''}`);
  }
  return data;
}

const step = (text: string) => console.log(`\n▸ ${text}`);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest 6-digit code the mail sink received for `email` since `since`. */
async function codeFromMailSink(email: string, since: number): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await fetch(`${MAIL_SINK}/api/emails`);
    const emails = (await res.json()) as Array<{ to: string[]; text?: string; createdAt: string }>;
    const mail = emails.find(
      (m) =>
        m.to.includes(email) && Date.parse(m.createdAt) >= since && /\b\d{6}\b/.test(m.text ?? ''),
    );
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (code) return code;
    await delay(200);
  }
  throw new Error(`no sign-in code for ${email} reached ${MAIL_SINK}`);
}

/** POST /auth, waiting out the per-email limit (one code a minute) once if it applies. */
async function requestCode(api: StorefrontClient, email: string) {
  const first = await api.POST('/auth', { body: { email } });
  const wait = Number(first.response.headers.get('retry-after'));
  if (first.error?.code !== 'TOO_MANY_LOGIN_ATTEMPTS' || !(wait <= 65)) {
    return must('POST /auth', Promise.resolve(first));
  }
  console.log(`  (one code a minute per email: waiting ${wait} s, as Retry-After says)`);
  await delay(wait * 1000);
  return must('POST /auth', api.POST('/auth', { body: { email } }));
}

async function main() {
  const api = createStorefrontClient({ baseUrl: API, apiKey: KEY, deviceId: DEVICE });

  const { data: settings } = await must('GET /settings', api.GET('/settings'));
  const imageUrl = (image: { uploadUrl: string } | null) =>
    image ? `${settings.media.url}${image.uploadUrl.split('/').pop()}` : '(no image)';

  step('List products matching "linen"');
  const { data: page } = await must(
    'GET /products',
    api.GET('/products', { params: { query: { term: 'linen', limit: 10 } } }),
  );
  for (const p of page.data) {
    const price = p.hasVariantions ? `${p.minPrice}–${p.maxPrice}` : `${p.actualPrice}`;
    console.log(`  ${p.title}: ${price}  ${imageUrl(p.primaryImage)}`);
  }
  // The demo shop's LINEN5 coupon covers these two; any other in-stock pair works as well.
  const buyable = page.data.filter((p) => p.status === 'in-stock');
  const pick = (variants: boolean, preferred: string) =>
    buyable.find((p) => p.hasVariantions === variants && p.slug === preferred) ??
    buyable.find((p) => p.hasVariantions === variants);
  const withVariants = pick(true, 'linen-wrap-dress');
  const simple = pick(false, 'linen-cafe-apron');
  if (!withVariants || !simple) throw new Error('the demo shop has no linen products to buy');

  step(`Open ${withVariants.slug}`);
  const { data: product } = await must(
    'GET /products/{id}',
    api.GET('/products/{id}', { params: { path: { id: withVariants.slug } } }),
  );
  for (const option of product.options ?? []) {
    console.log(`  ${option.name}: ${option.values.map((v) => v.value).join(', ')}`);
  }

  step('Pick a variant in stock');
  const { data: variants } = await must(
    'GET /products/variants',
    api.GET('/products/variants', { params: { query: { productId: product._id } } }),
  );
  const chosen = variants.variants.find((v) => v.status === 'in-stock');
  if (!chosen) throw new Error(`${product.slug} has no variant in stock`);
  const { data: variant } = await must(
    'GET /products/variant-details',
    api.GET('/products/variant-details', {
      params: { query: { productId: product._id, variationKey: chosen.key } },
    }),
  );
  const label = variant.optionsValues.map((o) => `${o.key.name} ${o.value.value}`).join(', ');
  console.log(`  ${label}: ${variant.actualPrice}, ${variant.sellable ?? 'untracked'} in stock`);

  step('Hydrate the cart');
  const cart = [
    { productId: product._id, variationKey: variant.key, quantity: 1, type: 'product' as const },
    { productId: simple._id, quantity: 2, type: 'product' as const },
  ];
  const hydrated = await must(
    'POST /products/cart',
    api.POST('/products/cart', { body: { cart } }),
  );
  for (const line of hydrated.data) {
    console.log(
      `  ${line.title}${line.variation ? ` (${line.variationKey})` : ''}: ${line.actualPrice}`,
    );
  }

  step(`Check the coupon ${COUPON}`);
  const coupon = await api.POST('/coupons', { body: { coupons: [COUPON], cart } });
  const coupons = coupon.data ? [coupon.data.data.code] : [];
  console.log(
    coupon.data
      ? `  ${coupon.data.data.code} takes ${coupon.data.data.amount} off`
      : `  not applied: ${coupon.error?.code} (${coupon.error?.message})`,
  );

  step(`Sign in as ${EMAIL} with the code from the mail sink`);
  const since = Date.now() - 1000;
  const requested = await requestCode(api, EMAIL);
  const code = await codeFromMailSink(EMAIL, since);
  console.log(`  code ${code} read from ${MAIL_SINK}/api/emails`);
  const { token } = await must(
    'POST /auth/verify',
    api.POST('/auth/verify', { body: { email: EMAIL, id: requested.data.id, code } }),
  );
  const me = createStorefrontClient({ baseUrl: API, apiKey: KEY, token, deviceId: DEVICE });
  const { data: customer } = await must('GET /auth', me.GET('/auth'));
  console.log(`  signed in: ${customer.user.name} (${customer.user._id})`);

  step('Place the order');
  const rate = settings.shipping.standard.find((r) => r.default) ?? settings.shipping.standard[0];
  const placed = await must(
    'POST /orders',
    me.POST('/orders', {
      params: { header: { 'idempotency-key': `example-${Date.now()}` } },
      body: {
        cart,
        coupons,
        name: customer.user.name,
        email: customer.user.email,
        phone: customer.user.phone,
        town: customer.shipping?.town ?? 'Berlin',
        city: customer.shipping?.city ?? 'Kreuzberg',
        shippingId: rate?._id ?? null,
        cartUserId: customer.user._id,
      },
    }),
  );
  const confirmation = placed.data;
  console.log(
    'orderNumber' in confirmation
      ? `  order ${confirmation.orderNumber}: ${confirmation.cartTotal} in total`
      : `  pay at ${confirmation.link}`,
  );

  step('List my orders');
  const orders = await must('GET /orders', me.GET('/orders', { params: { query: { limit: 20 } } }));
  for (const o of orders.data) console.log(`  ${o.orderNumber} ${o.status} ${o.cartTotal}`);

  step('Review a product of a delivered order');
  const delivered = orders.data.filter((o) => o.status === 'delivered' || o.status === 'completed');
  for (const order of delivered) {
    const { data: detail } = await must(
      'GET /orders/{id}',
      me.GET('/orders/{id}', { params: { path: { id: order._id } } }),
    );
    const { data: mine } = await must(
      'GET /reviews/my',
      me.GET('/reviews/my', { params: { query: { orderId: order._id } } }),
    );
    const open = detail.products.find((p) => !mine.some((r) => r.productId === p._id));
    if (!open) continue;
    const { data: review } = await must(
      'POST /reviews',
      me.POST('/reviews', {
        body: {
          orderId: order._id,
          productId: open._id,
          rating: 5,
          comment: 'Lovely, as pictured.',
        },
      }),
    );
    console.log(`  reviewed ${open.title} from order ${order.orderNumber}: ${review.status}`);
    return;
  }
  console.log('  every product of the delivered orders is reviewed already');
}

main().then(
  () => console.log('\nDone.'),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

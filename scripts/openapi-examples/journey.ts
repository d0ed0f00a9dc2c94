import { AURORA_DEMO_EMAIL } from '../seed/aurora-people';
import { type Call, get, type Recorder, recordingClient } from './client';
import { webhook } from './payment-webhook';

export type JourneyOptions = {
  api: string;
  apiKey: string;
  shopId: string;
  mailSink: string;
  paymentsApi: string;
  databaseUrl: string;
  record: Recorder;
};

const DEVICE = 'docs-examples';

/** The storefront's client: its key, the device, and a customer's token when one is given. */
function client(options: JourneyOptions) {
  return recordingClient({
    api: options.api,
    record: options.record,
    authorize(request, headers) {
      headers.set('x-device-id', DEVICE);
      if (!request.keyless) headers.set('x-api-key', options.apiKey);
      if (request.token) headers.set('authorization', `Bearer ${request.token}`);
    },
  });
}

/** The newest email to `to` that the mail sink holds, waiting for it to arrive. */
async function newestEmail(mailSink: string, to: string, subject: RegExp) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const emails = (await (await fetch(`${mailSink}/api/emails`)).json()) as Array<{
      to: string[];
      subject: string;
      text: string;
    }>;
    const found = emails.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email to ${to} matching ${subject}`);
}

/** The query parameters of the first link in `text` whose path ends with `suffix`. */
function linkParams(text: string, suffix: string) {
  const url = text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.endsWith(suffix));
  if (!url) throw new Error(`no ${suffix} link in: ${text}`);
  return new URL(url).searchParams;
}

/** Calls every storefront operation once, in the order a theme would, recording each answer. */
export async function recordJourney(options: JourneyOptions) {
  const call = client(options);

  await call('getLiveness', get('/livez', { keyless: true }));
  await call('getHealth', get('/settings/health'));
  const settings = (await call('getSettings', get('/settings'))).body.data;
  await call('getPolicy', get('/settings/policy/{type}', { params: { type: 'refund' } }));

  await call('listProducts', get('/products', { query: { limit: '2', sort: 'A-Z' } }));
  const dress = (
    await call('getProduct', get('/products/{id}', { params: { id: 'linen-wrap-dress' } }))
  ).body.data;
  const apron = (await call(null, get('/products/{id}', { params: { id: 'linen-cafe-apron' } })))
    .body.data;
  const variants = (
    await call(
      'listProductVariants',
      get('/products/variants', { query: { productId: dress._id } }),
    )
  ).body.data.variants;
  const variant = variants.find((v: { status: string }) => v.status === 'in-stock') ?? variants[0];
  await call(
    'getProductVariant',
    get('/products/variant-details', {
      query: { productId: dress._id, variationKey: variant.key },
    }),
  );
  await call('listBestSellers', get('/products/best-sellers', { query: { limit: '2' } }));
  await call(
    'listSimilarProducts',
    get('/products/similar/{id}', { params: { id: 'linen-cafe-apron' }, query: { limit: '2' } }),
  );
  const cart = [
    { productId: dress._id, variationKey: variant.key, quantity: 1, type: 'product' },
    { productId: apron._id, quantity: 2, type: 'product' },
  ];
  await call('hydrateCart', { method: 'post', path: '/products/cart', body: { cart } });
  await call('listCartSimilarities', {
    method: 'post',
    path: '/products/cart-similarities',
    query: { limit: '2' },
    body: { cart },
  });
  await call('listCategories', get('/categories', { query: { limit: '3', parent: 'null' } }));
  await call('getCategory', get('/categories/{id}', { params: { id: 'kitchen' } }));
  await call('search', get('/search', { query: { term: 'linen', limit: '2' } }));
  const journal = (
    await call(
      'getContent',
      get('/content/{modelSlug}', { params: { modelSlug: 'journal' }, query: { limit: '2' } }),
    )
  ).body.data;
  await call(
    'getContentEntry',
    get('/content/{modelSlug}/{entryId}', {
      params: { modelSlug: 'journal', entryId: journal.data[0]._id },
    }),
  );
  await call('validateCoupon', {
    method: 'post',
    path: '/coupons',
    body: { coupons: ['LINEN5'], cart },
  });

  const token = await signIn(options, call);
  await customerCalls(call, options.mailSink, { token, settings, cart, reviewedId: apron._id });
  await call('getPageMetadata', {
    method: 'post',
    path: '/config',
    body: { url: '/product/:id', param: 'linen-cafe-apron' },
  });
  await call('getSitemap', get('/config/site-map'));
  await call('trackEvent', {
    method: 'put',
    path: '/analytics',
    body: {
      event: 'product_view',
      userId: 'visitor-3f9a2c',
      sessionId: 'session-81d0e7',
      sessionStartPage: '/',
      referrerUrl: null,
      metadata: { productId: apron._id, url: '/product/linen-cafe-apron' },
    },
  });
  await newsletter(options, call);
  await webhook(options, call, { cart, shippingId: settings.shipping.standard[0]?._id });
}

async function signIn(options: JourneyOptions, call: Call): Promise<string> {
  const email = AURORA_DEMO_EMAIL;
  const requested = await call('requestSignInCode', {
    method: 'post',
    path: '/auth',
    body: { email },
  });
  const mail = await newestEmail(options.mailSink, email, /code/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  const verified = await call('verifySignInCode', {
    method: 'post',
    path: '/auth/verify',
    body: { email, id: requested.body.data.id, code },
  });
  return verified.body.token;
}

async function customerCalls(
  call: Call,
  mailSink: string,
  context: {
    token: string;
    settings: { shipping: { standard: Array<{ _id: string }> } };
    cart: unknown[];
    /** A product with approved reviews, for the public review calls. */
    reviewedId: string;
  },
) {
  const { token, settings, cart, reviewedId } = context;
  const me = (await call('getCustomer', { method: 'get', path: '/auth', token })).body.data;
  await call('endOtherSessions', { method: 'delete', path: '/auth/sessions', token });
  await call('updateCustomer', {
    method: 'patch',
    path: '/auth',
    token,
    body: { name: me.user.name, phone: me.user.phone, town: 'Berlin', postalCode: '10999' },
  });
  const guest = 'ada.lovelace@example.com';
  const placed = await call('placeOrder', {
    method: 'post',
    path: '/orders',
    headers: { 'idempotency-key': 'checkout-7f3c2a9e' },
    body: {
      cart,
      coupons: ['LINEN5'],
      name: 'Ada Lovelace',
      email: guest,
      phone: '+44 20 7946 0958',
      town: 'London',
      city: 'Marylebone',
      shippingId: settings.shipping.standard[0]?._id,
    },
  });
  const link = linkParams((await newestEmail(mailSink, guest, /order/i)).text, '/auth/access');
  await call('signInWithAccessLink', {
    method: 'post',
    path: '/auth/access',
    body: {
      id: link.get('id'),
      email: link.get('email'),
      order: link.get('order') ?? placed.body.data._id,
    },
  });
  const orders = (
    await call('listOrders', { method: 'get', path: '/orders', token, query: { limit: '2' } })
  ).body.data;
  const all = (await call(null, { method: 'get', path: '/orders', token, query: { limit: '50' } }))
    .body.data;
  const paid = all.find((o: { orderNumber: string }) => o.orderNumber === '1006') ?? orders[0];
  const order = (
    await call('getOrder', { method: 'get', path: '/orders/{id}', token, params: { id: paid._id } })
  ).body.data;
  const download = order.downloadables[0];
  await call('downloadOrderFile', {
    method: 'post',
    path: '/orders/download-files/{id}',
    token,
    params: { id: order._id },
    body: { productId: download._id, fileId: download.files[0]._id },
  });
  const mine = (
    await call('listMyReviews', {
      method: 'get',
      path: '/reviews/my',
      token,
      query: { orderId: order._id },
    })
  ).body.data;
  const open = order.products.find(
    (p: { _id: string }) => !mine.some((r: { productId: string }) => r.productId === p._id),
  );
  await call('createReview', {
    method: 'post',
    path: '/reviews',
    token,
    body: {
      orderId: order._id,
      productId: open._id,
      rating: 5,
      comment: 'Sturdy linen, lovely colour.',
    },
  });
  await call('listProductReviews', {
    method: 'get',
    path: '/reviews/{productId}',
    params: { productId: reviewedId },
  });
  await call('getReviewSummary', {
    method: 'get',
    path: '/reviews/{productId}/summary',
    params: { productId: reviewedId },
  });
  // Last: signing out ends the token.
  await call('endSession', { method: 'delete', path: '/auth/session', token });
}

async function newsletter(options: JourneyOptions, call: Call) {
  const email = 'grace.hopper@example.com';
  await call('subscribeNewsletter', { method: 'post', path: '/newsletter', body: { email } });
  const link = linkParams(
    (await newestEmail(options.mailSink, email, /./)).text,
    '/newsletter/verify',
  );
  const id = link.get('subscription') ?? '';
  await call('verifyNewsletter', {
    method: 'patch',
    path: '/newsletter/{id}',
    params: { id },
    body: { email, integrityId: link.get('integrity') },
  });
  await call('unsubscribeNewsletter', {
    method: 'delete',
    path: '/newsletter/{id}',
    params: { id },
    body: { email },
  });
}

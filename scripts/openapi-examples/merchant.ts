import { type Call, get, post, type Recorder, recordingClient } from './client';
import { creations } from './merchant-creations';
import { redactSecrets } from './redact';

export type MerchantJourneyOptions = {
  /** The merchant API's base URL, e.g. `http://127.0.0.1:8787/admin/api/v1`. */
  api: string;
  /** The demo shop's merchant key (every scope). */
  merchantKey: string;
  record: Recorder;
};

const LIST = { limit: '2' };

/**
 * Calls the merchant API of the seeded demo shop as its back office would: lists and gets of
 * every resource the seed fills, then the creations that are harmless in it (a category, a
 * coupon, a rate, a key…), recording each answer. Other writes keep the generated examples.
 */
export async function recordMerchantJourney(options: MerchantJourneyOptions) {
  const call = recordingClient({
    api: options.api,
    record: options.record,
    authorize: (_request, headers) => headers.set('authorization', `Bearer ${options.merchantKey}`),
    redact: (_operationId, body) => redactSecrets(body),
  });
  await getMe(call);
  await catalogue(call);
  await content(call);
  await settings(call);
  await sales(call);
  await people(call);
  await creations(call);
  // After the creations: the seeded shop has no endpoint, invite or import of its own.
  await admin(call);
  await imports(call);
  // Last, so the log shows the creations above.
  await call('listAuditEvents', get('/audit', { query: { limit: '3' } }));
}

/**
 * Lists `path` (two items) under `listId` and gets its first item under `getId`; returns
 * the listed items.
 */
async function listAndGet(
  call: Call,
  path: string,
  listId: string,
  getId: string | null,
  query: Record<string, string> = {},
) {
  const items = (await call(listId, get(path, { query: { ...LIST, ...query } }))).body.data as
    | Array<{ id: string }>
    | undefined;
  const first = items?.[0];
  if (getId && first) await call(getId, get(`${path}/{id}`, { params: { id: first.id } }));
  return items ?? [];
}

const getMe = (call: Call) => call('getMe', get('/me'));

async function catalogue(call: Call) {
  await listAndGet(call, '/products', 'listProducts', 'getProduct', { status: 'published' });
  await listAndGet(call, '/categories', 'listCategories', 'getCategory');
  await listAndGet(call, '/media', 'listMedia', 'getMedia');
  await listAndGet(call, '/digital-files', 'listDigitalFiles', 'getDigitalFile');
}

async function content(call: Call) {
  await listAndGet(call, '/content-models', 'listContentModels', 'getContentModel');
  const models = (await call(null, get('/content-models', { query: { limit: '20' } }))).body
    .data as Array<{ id: string; slug: string }>;
  const model = models.find((m) => m.slug === 'journal') ?? models[0];
  if (!model) return;
  const entries = (
    await call(
      'listContentEntries',
      get('/content-models/{id}/entries', {
        params: { id: model.id },
        query: { ...LIST, status: 'published' },
      }),
    )
  ).body.data as Array<{ id: string }>;
  const entry = entries[0];
  if (entry)
    await call('getContentEntry', get('/content-entries/{id}', { params: { id: entry.id } }));
  const policies = (await call('listPolicies', get('/policies', { query: LIST }))).body
    .data as Array<{
    type: string;
  }>;
  const policy = policies[0];
  if (policy) await call('getPolicy', get('/policies/{type}', { params: { type: policy.type } }));
}

async function settings(call: Call) {
  await call('getMerchantSettings', get('/settings'));
  await listAndGet(call, '/shipping-rates', 'listShippingRates', 'getShippingRate');
  await listAndGet(call, '/pickup-locations', 'listPickupLocations', 'getPickupLocation');
  await call('getNewsletterSettings', get('/newsletter/settings'));
}

async function sales(call: Call) {
  const orders = await listAndGet(call, '/orders', 'listOrders', 'getOrder');
  const order = orders[0];
  if (order) {
    // The seed records no order events: a note gives the timeline one to show.
    await call(null, {
      ...post('/orders/{id}/notes', { body: 'Customer asked for gift wrapping.' }),
      params: { id: order.id },
    });
    await call(
      'getOrderTimeline',
      get('/orders/{id}/timeline', { params: { id: order.id }, query: { limit: '3' } }),
    );
  }
  await listAndGet(call, '/reviews', 'listReviews', 'getReview', { status: 'approved' });
  await listAndGet(call, '/coupons', 'listCoupons', 'getCoupon');
  await listAndGet(call, '/download-grants', 'listDownloadGrants', 'getDownloadGrant');
  await call('listNewsletterSubscribers', get('/newsletter/subscribers', { query: LIST }));
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const range = { from: day(6), to: day(0) };
  await call('getTrafficReport', get('/analytics/reports/traffic', { query: range }));
  await call(
    'getTopProductsReport',
    get('/analytics/reports/top-products', { query: { ...range, limit: '3' } }),
  );
  await call('getFunnelReport', get('/analytics/reports/funnel', { query: range }));
  await call(
    'getReferrersReport',
    get('/analytics/reports/referrers', { query: { ...range, limit: '3' } }),
  );
}

async function people(call: Call) {
  const customers = await listAndGet(call, '/customers', 'listCustomers', 'getCustomer');
  const customer = customers[0];
  if (customer) {
    await call('exportCustomer', get('/customers/{id}/export', { params: { id: customer.id } }));
  }
  await listAndGet(call, '/staff', 'listStaffMembers', 'getStaffMember');
  await listAndGet(call, '/roles', 'listRoles', 'getRole');
}

async function admin(call: Call) {
  const endpoints = await listAndGet(
    call,
    '/webhook-endpoints',
    'listWebhookEndpoints',
    'getWebhookEndpoint',
  );
  const endpoint = endpoints[0];
  if (endpoint) {
    await call(
      'listWebhookDeliveries',
      get('/webhook-endpoints/{id}/deliveries', { params: { id: endpoint.id }, query: LIST }),
    );
  }
  await listAndGet(call, '/keys', 'listMerchantKeys', 'getMerchantKey');
  await call('listStaffInvites', get('/invites', { query: LIST }));
}

/** A Shopify CSV of one draft product, imported; its job is followed until it is done. */
const IMPORT_CSV = [
  'Handle,Title,Body (HTML),Vendor,Status,Variant SKU,Variant Price,Variant Inventory Qty',
  'linen-table-runner,Linen table runner,"<p>Stone-washed linen, 40 × 180 cm.</p>",Aurora Outfitters,draft,RUNNER-180,34.00,8',
].join('\n');

async function imports(call: Call) {
  const created = (
    await call('createImport', {
      method: 'post',
      path: '/imports',
      contentType: 'text/csv',
      body: IMPORT_CSV,
    })
  ).body;
  for (let attempt = 0; attempt < 50; attempt++) {
    const job = (await call(null, get('/imports/{id}', { params: { id: created.id } }))).body;
    if (!['pending', 'queued', 'running', 'processing'].includes(job.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await call('getImport', get('/imports/{id}', { params: { id: created.id } }));
  await call('listImports', get('/imports', { query: LIST }));
}

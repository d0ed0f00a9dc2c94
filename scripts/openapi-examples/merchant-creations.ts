import { type Call, get, post } from './client';

/** Creations that leave the demo shop as it was for every other example. */
export async function creations(call: Call) {
  const categories = (await call(null, get('/categories', { query: { limit: '1' } }))).body.data;
  await call(
    'createCategory',
    post('/categories', {
      title: 'Table linen',
      slug: 'table-linen',
      description: '<p>Napkins, runners and tablecloths in washed linen.</p>',
      parent_id: categories[0]?.id ?? null,
      status: 'draft',
    }),
  );
  await call(
    'createProduct',
    post('/products', {
      title: 'Linen napkin set',
      slug: 'linen-napkin-set',
      description: 'Four napkins in stone-washed linen, 45 × 45 cm.',
      status: 'draft',
      sku: 'NAPKIN-SET-4',
      price: 2400,
      track_stock: true,
      stock: 12,
    }),
  );
  await call(
    'createCoupon',
    post('/coupons', { code: 'LINEN10', kind: 'percentage', value: 10, active: false }),
  );
  await call(
    'createShippingRate',
    post('/shipping-rates', {
      title: 'Same-day courier (Berlin)',
      description: 'Ordered before noon, delivered by 8 pm.',
      amount: 1290,
      active: false,
    }),
  );
  await call(
    'createPickupLocation',
    post('/pickup-locations', {
      name: 'Kreuzberg market stall',
      description: 'Saturdays at the Markthalle Neun.',
      opening_hours: 'Sat 10:00–17:00',
      fee_amount: 0,
      active: false,
    }),
  );
  const model = (
    await call(
      'createContentModel',
      post('/content-models', {
        slug: 'lookbook',
        name: 'Lookbook',
        kind: 'collection',
        fields: [
          { name: 'headline', type: 'text', required: true },
          { name: 'season', type: 'text' },
        ],
      }),
    )
  ).body;
  await call('createContentEntry', {
    ...post('/content-models/{id}/entries', {
      status: 'draft',
      data: { headline: 'Linen for the long summer', season: 'Summer 2026' },
    }),
    params: { id: model.id },
  });
  await call(
    'createWebhookEndpoint',
    post('/webhook-endpoints', {
      url: 'https://warehouse.aurora.example/hooks/orders',
      description: 'Order sync to the warehouse',
      events: ['order.paid'],
      enabled: false,
    }),
  );
  await call(
    'createMerchantKey',
    post('/keys', { name: 'Warehouse sync', scopes: ['orders:read', 'catalogue:read'] }),
  );
  const role = (
    await call(
      'createRole',
      post('/roles', { name: 'Stock keeper', scopes: ['catalogue:read', 'catalogue:write'] }),
    )
  ).body;
  await call(
    'createStaffInvite',
    post('/invites', { email: 'mara.lenz@aurora.example', role_id: role.id }),
  );
}

import { randomUUID } from 'node:crypto';
import type { Fixtures } from './harness';

/** One storefront operation, with input valid enough to reach its handler's dependencies. */
export type Endpoint = {
  group: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: () => unknown;
  token?: boolean;
  headers?: () => Record<string, string>;
};

const unique = () => randomUUID().slice(0, 8);

/** An order the demo shop can take: one apron, delivered at its standard rate. */
export const orderBody = (f: Fixtures, email = `fault-${unique()}@example.test`) => ({
  cart: [{ type: 'product', productId: f.product.id, quantity: 1 }],
  name: 'Ada Lovelace',
  email,
  phone: '+15550100',
  town: 'London',
  city: 'Marylebone',
  shippingId: f.shippingId,
});

/** A page view of a session of its own. */
export const pageView = (sessionId = randomUUID()) => ({
  event: 'page_view',
  userId: 'fault-visitor',
  sessionId,
  sessionStartPage: '/',
  metadata: { url: '/shop' },
});

/**
 * Every operation of the contract plus DELETE /auth/sessions, grouped as the contract
 * groups them. Each needs Postgres to answer (a cart with a line, an unknown email, a
 * code for a verification that may not exist): none can answer from validation alone.
 */
export function endpoints(f: Fixtures): Endpoint[] {
  const p = f.product;
  return [
    { group: 'settings', method: 'GET', path: '/settings/health' },
    { group: 'settings', method: 'GET', path: '/settings' },
    { group: 'settings', method: 'GET', path: '/settings/policy/privacy' },
    { group: 'products', method: 'GET', path: '/products?limit=3' },
    { group: 'products', method: 'GET', path: `/products/${p.slug}` },
    { group: 'products', method: 'GET', path: `/products/variants?productId=${p.id}` },
    { group: 'products', method: 'GET', path: '/products/best-sellers' },
    { group: 'products', method: 'GET', path: `/products/similar/${p.id}` },
    {
      group: 'products',
      method: 'POST',
      path: '/products/cart',
      body: () => ({ cart: [{ type: 'product', productId: p.id, quantity: 1 }] }),
    },
    { group: 'categories', method: 'GET', path: '/categories' },
    { group: 'categories', method: 'GET', path: `/categories/${f.categorySlug}` },
    { group: 'search', method: 'GET', path: '/search?term=linen' },
    { group: 'content', method: 'GET', path: '/content/home-hero' },
    {
      group: 'auth',
      method: 'POST',
      path: '/auth',
      body: () => ({ email: `fault-${unique()}@example.test` }),
    },
    {
      group: 'auth',
      method: 'POST',
      path: '/auth/verify',
      body: () => ({ email: f.customerEmail, id: randomUUID(), code: '123456', event: 'login' }),
    },
    {
      group: 'auth',
      method: 'POST',
      path: '/auth/access',
      body: () => ({ id: unique().repeat(5), email: f.customerEmail, order: f.orderId }),
    },
    { group: 'customer', method: 'GET', path: '/auth', token: true },
    {
      group: 'customer',
      method: 'PATCH',
      path: '/auth',
      token: true,
      body: () => ({ name: 'Demo Customer', phone: '+4915112345678', town: 'Berlin' }),
    },
    { group: 'customer', method: 'DELETE', path: '/auth/sessions', token: true },
    {
      group: 'coupons',
      method: 'POST',
      path: '/coupons',
      body: () => ({
        coupons: ['WELCOME10'],
        cart: [{ type: 'product', productId: p.id, quantity: 1 }],
      }),
    },
    {
      group: 'orders',
      method: 'POST',
      path: '/orders',
      body: () => orderBody(f),
      headers: () => ({ 'idempotency-key': randomUUID() }),
    },
    { group: 'orders', method: 'GET', path: '/orders', token: true },
    { group: 'orders', method: 'GET', path: `/orders/${f.orderId}`, token: true },
    {
      group: 'downloads',
      method: 'POST',
      path: `/orders/download-files/${f.orderId}`,
      token: true,
      body: () => f.download,
    },
    {
      group: 'payments',
      method: 'POST',
      path: `/payments/webhook/${f.shopId}`,
      body: () => '{}',
      headers: () => ({ 'stripe-signature': 't=1,v1=00' }),
    },
    { group: 'reviews', method: 'GET', path: `/reviews/${p.id}` },
    { group: 'reviews', method: 'GET', path: `/reviews/${p.id}/summary` },
    { group: 'reviews', method: 'GET', path: `/reviews/my?orderId=${f.orderId}`, token: true },
    {
      group: 'reviews',
      method: 'POST',
      path: '/reviews',
      token: true,
      body: () => ({ orderId: f.orderId, productId: p.id, rating: 5, comment: 'Fault suite' }),
    },
    {
      group: 'newsletter',
      method: 'POST',
      path: '/newsletter',
      body: () => ({ email: `fault-${unique()}@example.test`, _hp: '' }),
    },
    {
      group: 'newsletter',
      method: 'PATCH',
      path: `/newsletter/${f.subscriptionId}`,
      body: () => ({ email: 'nobody@example.test', integrityId: 'x' }),
    },
    {
      group: 'newsletter',
      method: 'DELETE',
      path: `/newsletter/${f.subscriptionId}`,
      body: () => ({ email: 'nobody@example.test' }),
    },
    { group: 'config', method: 'POST', path: '/config', body: () => ({ url: '/shop' }) },
    { group: 'config', method: 'GET', path: '/config/site-map' },
    { group: 'analytics', method: 'PUT', path: '/analytics', body: () => pageView() },
  ];
}

export const label = (e: Endpoint) => `${e.method} ${e.path.split('?')[0]}`;

import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminOpenApi } from '../../src/admin-api';
import { expectError } from '../helpers/api';
import { createOrder, createProduct } from '../helpers/catalog-factory';
import { declaredRoutes } from '../helpers/declared-routes';
import { adminCall, type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/** Every merchant route that takes a body: the writes. */
const WRITES = declaredRoutes(createAdminOpenApi()).filter((r) =>
  ['post', 'put', 'patch', 'delete'].includes(r.method),
);

/**
 * Staff browser-session routes answer before any body is read (sign-out always succeeds, the
 * rest need a session cookie first): malformed bodies there are not parsed at all.
 */
const SESSION_ROUTES = /^\/(auth|sessions)\b/;

/** The route's path with every parameter filled by an id no shop has. */
const pathOf = (path: string) => path.replace(/\{[^}]+\}/g, crypto.randomUUID());

const JSON_TYPE = { 'content-type': 'application/json' };

/** Sends `body` as it is (no JSON encoding) with the merchant's key. */
const send = (
  secret: string,
  method: string,
  path: string,
  body: string,
  headers: Record<string, string>,
) =>
  adminCall(path, {
    method: method.toUpperCase(),
    body,
    headers: { authorization: `Bearer ${secret}`, ...headers },
  });

// Every merchant verb answers an empty or malformed JSON body with a coded 4xx (or its
// answer when the body is optional), never a 500.
describe('empty and malformed bodies on every merchant write (a fuzzer of bodies)', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let secret: string;

  beforeAll(async () => {
    shop = await createTestShop();
    // Every write is sent several times: a limit of its own, so the walk is never throttled.
    const merchant = await merchantOf(shop, { rateLimit: 10_000 });
    api = merchant.api;
    secret = merchant.key.secret;
  });

  it('covers the writes the API declares', () => {
    expect(WRITES.length).toBeGreaterThan(40);
    expect(WRITES.map((r) => `${r.method} ${r.path}`)).toContain('post /orders/{id}/cancel');
  });

  it('an empty body with a JSON content type is never a 5xx, with or without Idempotency-Key', async () => {
    const failures: string[] = [];
    for (const route of WRITES) {
      for (const key of [undefined, crypto.randomUUID()]) {
        const headers = { ...JSON_TYPE, ...(key ? { 'idempotency-key': key } : {}) };
        const res = await send(secret, route.method, pathOf(route.path), '', headers);
        if (res.status >= 500) {
          failures.push(`${route.method} ${route.path}${key ? ' (key)' : ''}: ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('a malformed JSON body is 400 INVALID_JSON on every write, never a 5xx', async () => {
    const failures: string[] = [];
    for (const route of WRITES.filter((r) => !SESSION_ROUTES.test(r.path))) {
      for (const key of [undefined, crypto.randomUUID()]) {
        const headers = { ...JSON_TYPE, ...(key ? { 'idempotency-key': key } : {}) };
        const res = await send(secret, route.method, pathOf(route.path), '{"a":', headers);
        // Uploads read their own body type: a coded 4xx there; JSON routes 400 INVALID_JSON.
        const json =
          !route.request?.body || 'application/json' in (route.request.body.content ?? {});
        const coded = json
          ? res.status === 400 && res.body?.code === 'INVALID_JSON'
          : res.status >= 400 && res.status < 500 && Boolean(res.body?.code);
        if (!coded) {
          failures.push(`${route.method} ${route.path}: ${res.status} ${res.body?.code}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('cancels an order whose request has a JSON content type and no body', async () => {
    const product = await createProduct(shop, { priceMinor: 1000 });
    const order = await createOrder(shop, [{ productId: product.id, quantity: 1 }]);
    for (const headers of [JSON_TYPE, { ...JSON_TYPE, 'idempotency-key': crypto.randomUUID() }]) {
      const fresh = await createOrder(shop, [{ productId: product.id, quantity: 1 }]);
      const res = await api.post(`/orders/${fresh.id}/cancel`, '', { headers });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.status).toBe('cancelled');
    }
    const malformed = await api.post(`/orders/${order.id}/cancel`, '{', { headers: JSON_TYPE });
    expectError(malformed, 400, 'INVALID_JSON');
  });
});

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BASE, createAdminOpenApi } from '../../src/admin-api';
import * as s from '../../src/db/schema';
import {
  ALL_SCOPES,
  grants,
  MERCHANT_SCOPES,
  type MerchantScope,
} from '../../src/identity/merchant-scopes';
import { isUuid } from '../../src/lib/uuid';
import { createSubscribers } from '../newsletter/support';
import { call, expectError } from './api';
import {
  addReview,
  createCategory,
  createMedia,
  createOrder,
  createProduct,
} from './catalog-factory';
import { createContentModel, createEntry } from './content-factory';
import { signInCustomer } from './customer';
import { testDb } from './db';
import { createImportRecord } from './imports';
import { createMerchantKey, type TestMerchantKey } from './merchant';
import {
  createCoupon,
  createDigitalFile,
  createPickupLocation,
  createShippingRate,
} from './order-factory';
import { createTestShop, type TestShop } from './shop-factory';
import { createStaffInvite, createStaffMember, createStaffRole } from './staff';
import { createWebhookEndpoint } from './webhooks';

/**
 * One merchant API operation and the scope its security requirement names (null: any
 * credential of the shop, e.g. GET /me).
 */
export type Operation = {
  method: string;
  path: string;
  scope: MerchantScope | null;
  name: string;
};

/** Every operation the merchant API declares, read from its registry, with its security. */
export const declaredOperations = createAdminOpenApi().openAPIRegistry.definitions.flatMap((d) =>
  d.type === 'route'
    ? [
        {
          method: d.route.method.toUpperCase(),
          path: `${ADMIN_BASE}${d.route.path}`,
          security: (d.route.security ?? []) as Array<Record<string, string[]>>,
          name: d.route.operationId ?? `${d.route.method} ${d.route.path}`,
        },
      ]
    : [],
);

/**
 * The route table: every operation that takes a merchant key (or a staff session), from
 * the registry. The router's own routes are checked against the registry below, so a route
 * declared any other way than adminRoute cannot escape this suite. The rest are the staff
 * sign-in routes: public, or a session's own (test/staff).
 */
export const operations: Operation[] = declaredOperations.flatMap((op) => {
  const key = op.security.find((requirement) => 'MerchantKey' in requirement);
  if (!key) return [];
  return [{ ...op, scope: (key.MerchantKey?.[0] ?? null) as MerchantScope | null }];
});

export type Document = {
  paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
};

/** An object of the victim shop for each resource a path names (`{id}` routes need one). */
export const FIXTURES: Record<string, (shop: TestShop) => Promise<string>> = {
  keys: async (shop) => (await createMerchantKey(shop, { scopes: ['catalogue:read'] })).id,
  'shipping-rates': async (shop) => (await createShippingRate(shop)).id,
  'pickup-locations': async (shop) => (await createPickupLocation(shop)).id,
  categories: async (shop) => (await createCategory(shop)).id,
  coupons: async (shop) =>
    (await createCoupon(shop, { code: 'SECURITY', kind: 'fixed', value: 100 })).id,

  products: async (shop) => (await createProduct(shop)).id,
  audit: async () => '',
  orders: async (shop) => {
    const product = await createProduct(shop, { priceMinor: 500 });
    return (await createOrder(shop, [{ productId: product.id, quantity: 1 }])).id;
  },
  reviews: async (shop) => {
    const product = await createProduct(shop, { priceMinor: 500 });
    return (await addReview(shop, product.id, { rating: 4, status: 'pending' })).id;
  },
  customers: async (shop) => (await signInCustomer(shop)).customer.id,
  'download-grants': async (shop) => {
    const product = await createProduct(shop, { priceMinor: 500, isDigital: true });
    const file = await createDigitalFile(shop, product.id, { store: false });
    const order = await createOrder(shop, [{ productId: product.id, quantity: 1 }]);
    const [grant] = await testDb()
      .insert(s.downloadGrants)
      .values({ shopId: shop.id, orderId: order.id, productId: product.id, fileId: file.id })
      .returning();
    return grant?.id ?? '';
  },

  policies: async (shop) => {
    await testDb().insert(s.policies).values({ shopId: shop.id, type: 'privacy', content: 'x' });
    return 'privacy';
  },
  settings: async () => 'tax',
  media: async (shop) => (await createMedia(shop)).id,
  'content-models': async (shop) => (await createContentModel(shop.id, 'collection')).id,
  'content-entries': async (shop) =>
    (await createEntry(await createContentModel(shop.id, 'collection'))).id,
  'digital-files': async (shop) =>
    (await createDigitalFile(shop, (await createProduct(shop, { isDigital: true })).id)).id,
  'webhook-endpoints': async (shop) => (await createWebhookEndpoint(shop)).id,
  analytics: async () => '',
  newsletter: async (shop) => (await createSubscribers(shop, ['verified']))[0]?.id ?? '',

  imports: async (shop) => (await createImportRecord(shop)).id,
  exports: async () => '',
  me: async () => '',
  staff: async (shop) => (await createStaffMember(shop, { roleKey: 'support' })).memberId,
  invites: async (shop) => (await createStaffInvite(shop)).id,
  roles: async (shop) => (await createStaffRole(shop, ['catalogue:read'])).id,
};

export const resourceOf = (path: string) => path.slice(ADMIN_BASE.length + 1).split('/')[0] ?? '';

/** A key holding every scope except those that grant `scope`. */
export const scopesLacking = (scope: MerchantScope): MerchantScope[] =>
  MERCHANT_SCOPES.filter((held) => !grants([held], scope));

/** The keys and objects every route is tried with; one world for the whole suite. */
type World = {
  victim: TestShop;
  fixtures: Record<string, string>;
  otherShopKey: TestMerchantKey;
  keysLacking: Map<MerchantScope, TestMerchantKey>;
  readOnly: TestMerchantKey;
  revoked: TestMerchantKey;
  full: TestMerchantKey;
};

async function createWorld(): Promise<World> {
  const victim = await createTestShop();
  const fixtures: Record<string, string> = {};
  for (const [resource, make] of Object.entries(FIXTURES)) fixtures[resource] = await make(victim);
  const keysLacking = new Map<MerchantScope, TestMerchantKey>();
  for (const scope of new Set(operations.flatMap((op) => (op.scope ? [op.scope] : [])))) {
    keysLacking.set(scope, await createMerchantKey(victim, { scopes: scopesLacking(scope) }));
  }
  const revoked = await createMerchantKey(victim);
  await testDb()
    .update(s.merchantKeys)
    .set({ revokedAt: new Date() })
    .where(eq(s.merchantKeys.id, revoked.id));
  return {
    victim,
    fixtures,
    otherShopKey: await createMerchantKey(await createTestShop()),
    keysLacking,
    readOnly: await createMerchantKey(victim, {
      scopes: MERCHANT_SCOPES.filter((scope) => scope.endsWith(':read')),
    }),
    revoked,
    full: await createMerchantKey(victim, { scopes: ALL_SCOPES }),
  };
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** The area of an operation's scope (`catalogue:write` → `catalogue`; no scope: `any`). */
export const areaOf = (op: Operation) => op.scope?.split(':')[0] ?? 'any';

/**
 * The areas each test file checks: the checks send about 14 requests per operation, so
 * the merchant API's operations are spread over three files that run side by side.
 */
export const AREAS_BY_FILE = {
  'security.test.ts': ['catalogue', 'content'],
  'security-settings.test.ts': ['settings', 'marketing'],
  'security-operations.test.ts': ['orders', 'reviews', 'customers', 'admin'],
  'security-staff.test.ts': ['staff', 'any'],
} as const;

/**
 * Every check of one operation against its route's security, for the operations of `areas`:
 * no key, bad keys, the storefront key, missing scopes, another shop's key, CORS.
 */
export function describeRouteSecurity(areas: readonly string[]) {
  describe.each(operations.filter((op) => areas.includes(areaOf(op))))(
    '$method $path ($name, $scope)',
    (op) => {
      let w: World;

      beforeAll(async () => {
        w = await createWorld();
      });

      const send = (headers: Record<string, string>) =>
        call(
          `http://storefront.test${op.path.replace(/\{\w+\}/, w.fixtures[resourceOf(op.path)] ?? '')}`,
          {
            method: op.method,
            headers,
            ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { body: {} } : {}),
          },
        );

      it('refuses a request without a key', async () => {
        expectError(await send({}), 401, 'MERCHANT_KEY_MISSING');
      });

      it('refuses a garbage, malformed or revoked key', async () => {
        for (const headers of [
          bearer(`sk_live_${crypto.randomUUID()}`),
          bearer('not-a-key'),
          { authorization: 'Basic c2tfbGl2ZV94eXo6' },
          bearer(w.revoked.secret),
        ]) {
          expectError(await send(headers), 401, 'MERCHANT_KEY_INVALID');
        }
      });

      it("refuses the shop's storefront key, as a bearer or as x-api-key", async () => {
        expectError(await send(bearer(w.victim.apiKey)), 401, 'STOREFRONT_KEY_NOT_ALLOWED');
        expectError(
          await send({ 'x-api-key': w.victim.apiKey }),
          401,
          'STOREFRONT_KEY_NOT_ALLOWED',
        );
      });

      it('refuses a key lacking the scope, and a read-only key on a write', async () => {
        if (!op.scope) return; // any key of the shop may call it
        const lacking = w.keysLacking.get(op.scope);
        if (!lacking) throw new Error(`no key for ${op.scope}`);
        expectError(await send(bearer(lacking.secret)), 403, 'MERCHANT_SCOPE_MISSING');
        if (op.method !== 'GET') {
          expectError(await send(bearer(w.readOnly.secret)), 403, 'MERCHANT_SCOPE_MISSING');
        }
      });

      it("never shows or changes this shop's objects to another shop's key", async () => {
        const res = await send(bearer(w.otherShopKey.secret));
        const fixture = w.fixtures[resourceOf(op.path)] ?? '';
        if (op.path.includes('{id}')) {
          expect(res.status).toBe(404);
          expect(res.body.code).toMatch(/_NOT_FOUND$/);
        } else if (op.path.includes('{')) {
          // A path naming a type or section, not an object: the other shop reaches its own.
          expect([200, 404, 422]).toContain(res.status);
        } else {
          expect([200, 201, 422]).toContain(res.status);
          // An object's id must not leak (a type or section name is no secret).
          if (isUuid(fixture)) expect(JSON.stringify(res.body)).not.toContain(fixture);
        }
        const [rate] = await testDb()
          .select()
          .from(s.shippingRates)
          .where(eq(s.shippingRates.id, w.fixtures['shipping-rates'] ?? ''));
        const [key] = await testDb()
          .select()
          .from(s.merchantKeys)
          .where(eq(s.merchantKeys.id, w.fixtures.keys ?? ''));
        const [policy] = await testDb()
          .select()
          .from(s.policies)
          .where(and(eq(s.policies.shopId, w.victim.id), eq(s.policies.type, 'privacy')));
        expect(rate?.version).toBe(1);
        expect(key?.revokedAt).toBeNull();
        expect(policy?.version).toBe(1);
      });

      it('sends no CORS headers, to a preflight or to a call from a browser origin', async () => {
        const preflight = await call(`http://storefront.test${op.path}`, {
          method: 'OPTIONS',
          headers: {
            origin: 'https://evil.example',
            'access-control-request-method': op.method,
            'access-control-request-headers': 'authorization',
          },
        });
        expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
        const res = await send({ ...bearer(w.full.secret), origin: 'https://evil.example' });
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      });
    },
  );
}

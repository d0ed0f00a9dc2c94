import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ADMIN_BASE, createAdminOpenApi } from '../../src/admin-api';
import * as s from '../../src/db/schema';
import { grants, MERCHANT_SCOPES, type MerchantScope } from '../../src/identity/merchant-scopes';
import { isUuid } from '../../src/lib/uuid';
import { createSubscribers } from '../newsletter/support';
import { type ApiResponse, call } from './api';
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
import { createMerchantKey } from './merchant';
import {
  createCoupon,
  createDigitalFile,
  createPickupLocation,
  createShippingRate,
} from './order-factory';
import type { TestShop } from './shop-factory';
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
  /** A signed-in person's own route (their sessions, picking a shop): session only. */
  personal?: true;
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

/**
 * Every operation a staff session may call: the merchant routes (the same scopes as keys)
 * and a signed-in person's own routes (area `personal`).
 */
export const sessionOperations: Operation[] = declaredOperations.flatMap((op) => {
  const session = op.security.find((requirement) => 'StaffSession' in requirement);
  if (!session) return [];
  const personal = !op.security.some((requirement) => 'MerchantKey' in requirement);
  const scope = (session.StaffSession?.[0] ?? null) as MerchantScope | null;
  return [{ ...op, scope, ...(personal ? { personal: true as const } : {}) }];
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

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/**
 * The area of an operation's scope (`catalogue:write` → `catalogue`; no scope: `any`; a
 * person's own routes: `personal`).
 */
export const areaOf = (op: Operation) =>
  op.personal ? 'personal' : (op.scope?.split(':')[0] ?? 'any');

/**
 * The areas each test file checks: the checks send about 14 requests per operation with
 * keys (and about 12 with sessions, in the file of the same name ending in `-sessions`),
 * so the merchant API's operations are spread over files that run side by side.
 */
export const AREAS_BY_FILE = {
  'security.test.ts': ['catalogue', 'content'],
  'security-settings.test.ts': ['settings', 'marketing'],
  'security-operations.test.ts': ['orders', 'reviews', 'customers', 'admin'],
  'security-staff.test.ts': ['staff', 'any', 'personal'],
} as const;

/** The objects `expectOtherShopKeptOut` checks are unchanged after every operation. */
const ALWAYS_CHECKED = ['shipping-rates', 'keys', 'policies'];

/**
 * An object of the victim shop for every resource of the table, or, given `op`, for the
 * resource its path names and those `expectOtherShopKeptOut` reads: the only ones its
 * checks send or look at.
 */
export async function createFixtures(
  victim: TestShop,
  op?: Operation,
): Promise<Record<string, string>> {
  const wanted = op ? new Set([resourceOf(op.path), ...ALWAYS_CHECKED]) : null;
  const fixtures: Record<string, string> = {};
  for (const [resource, make] of Object.entries(FIXTURES)) {
    if (!wanted || wanted.has(resource)) fixtures[resource] = await make(victim);
  }
  return fixtures;
}

/**
 * Bodies an attacker would send where `{}` is not valid: the request must pass validation so
 * the check reaches the object (an empty body would be refused before, proving nothing).
 */
const VALID_BODIES: Record<string, unknown> = {
  createOrderRefund: { amount: 100, reason: 'Damaged' },
  addOrderNote: { body: 'Called the buyer' },
  correctOrderAddress: { town: 'Uppsala' },
};

/** Sends `op` with `headers`, its `{id}` naming the victim's object of the resource. */
export const sendOperation = (
  op: Operation,
  fixtures: Record<string, string>,
  headers: Record<string, string>,
) =>
  call(
    `http://storefront.test${op.path.replace(/\{\w+\}/, fixtures[resourceOf(op.path)] ?? crypto.randomUUID())}`,
    {
      method: op.method,
      headers,
      ...(['POST', 'PUT', 'PATCH'].includes(op.method)
        ? { body: VALID_BODIES[op.name] ?? {} }
        : {}),
    },
  );

/**
 * What another shop's credential gets on `op`: its own objects at most, never the victim's
 * (404 on the victim's `{id}`, no victim id in a list), and the victim's objects unchanged.
 */
export async function expectOtherShopKeptOut(
  res: ApiResponse,
  op: Operation,
  victim: TestShop,
  fixtures: Record<string, string>,
) {
  const fixture = fixtures[resourceOf(op.path)] ?? '';
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
    .where(eq(s.shippingRates.id, fixtures['shipping-rates'] ?? ''));
  const [key] = await testDb()
    .select()
    .from(s.merchantKeys)
    .where(eq(s.merchantKeys.id, fixtures.keys ?? ''));
  const [policy] = await testDb()
    .select()
    .from(s.policies)
    .where(and(eq(s.policies.shopId, victim.id), eq(s.policies.type, 'privacy')));
  expect(rate?.version).toBe(1);
  expect(key?.revokedAt).toBeNull();
  expect(policy?.version).toBe(1);
}

/** No `Access-Control-Allow-*` header: browsers on another origin read nothing. */
export function expectNoCors(headers: Headers) {
  expect(headers.get('access-control-allow-origin')).toBeNull();
  expect(headers.get('access-control-allow-credentials')).toBeNull();
}

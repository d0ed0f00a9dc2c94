import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createApp } from '../../src/app';
import { sessions } from '../../src/db/schema';
import { type ApiResponse, call, expectError } from './api';
import { createProduct } from './catalog-factory';
import { signInCustomer } from './customer';
import { testDb } from './db';
import { createDigitalFile, markPaid, orderBody } from './order-factory';
import { createTestShop, type TestShop } from './shop-factory';

/** A route declared as needing a customer token. */
export type ProtectedRoute = { method: string; path: string; operationId: string };

/** Every route whose declaration requires a customer token, read from the route table. */
export function customerTokenRoutes(): ProtectedRoute[] {
  return createApp()
    .openAPIRegistry.definitions.flatMap((d) => (d.type === 'route' ? [d.route] : []))
    .filter((route) => (route.security ?? []).some((r) => 'CustomerToken' in r))
    .map((route) => ({
      method: route.method.toUpperCase(),
      path: route.path,
      operationId: route.operationId ?? `${route.method} ${route.path}`,
    }));
}

type SignedIn = Awaited<ReturnType<typeof signInCustomer>>;

/** Two customers of one shop (the owner has a paid order with a file), and one of another shop. */
export type CustomerWorld = {
  shop: TestShop;
  owner: SignedIn;
  stranger: SignedIn;
  foreigner: SignedIn;
  orderId: string;
  productId: string;
  fileId: string;
};

export async function createCustomerWorld(): Promise<CustomerWorld> {
  const shop = await createTestShop({ settings: { shipping: { active: false } } });
  const [owner, stranger, foreigner] = await Promise.all([
    signInCustomer(shop),
    signInCustomer(shop),
    createTestShop().then((other) => signInCustomer(other)),
  ]);
  const product = await createProduct(shop, {
    priceMinor: 900,
    isDigital: true,
    trackStock: false,
  });
  const file = await createDigitalFile(shop, product.id);
  const placed = await owner.api.post(
    '/orders',
    orderBody([{ productId: product.id, quantity: 1 }], {
      cartUserId: owner.customer.id,
      email: owner.customer.email,
    }),
  );
  expect(placed.status).toBe(200);
  await markPaid(placed.body.data._id);
  return {
    shop,
    owner,
    stranger,
    foreigner,
    orderId: placed.body.data._id,
    productId: product.id,
    fileId: file.id,
  };
}

/** How to call one protected route, and what a stranger must see of the owner's resource. */
export type ProtectedCase = {
  request(world: CustomerWorld): { path: string; body?: unknown };
  /** The stranger's token on the owner's resource: refused, or answered with the stranger's own data. */
  strangerSees(res: ApiResponse, world: CustomerWorld): unknown;
};

const notFound = (code: string) => (res: ApiResponse) => expectError(res, 404, code);
const ownProfileOnly = (res: ApiResponse, world: CustomerWorld) => {
  expect(res.status).toBe(200);
  expect(res.body.data.user.email).toBe(world.stranger.customer.email);
};

/**
 * One case per protected operation. The suite fails for a protected route missing here,
 * so no new route escapes it.
 */
export const PROTECTED_CASES: Record<string, ProtectedCase> = {
  getCustomer: { request: () => ({ path: '/auth' }), strangerSees: ownProfileOnly },
  updateCustomer: {
    request: () => ({
      path: '/auth',
      body: { name: 'Changed Name', phone: '+4915112345679', town: 'Berlin' },
    }),
    strangerSees: ownProfileOnly,
  },
  listOrders: {
    request: () => ({ path: '/orders' }),
    strangerSees: (res, world) => {
      expect(res.status).toBe(200);
      expect(res.body.data.map((o: { _id: string }) => o._id)).not.toContain(world.orderId);
    },
  },
  getOrder: {
    request: (w) => ({ path: `/orders/${w.orderId}` }),
    strangerSees: notFound('ORDER_NOT_FOUND'),
  },
  downloadOrderFile: {
    request: (w) => ({
      path: `/orders/download-files/${w.orderId}`,
      body: { fileId: w.fileId, productId: w.productId },
    }),
    strangerSees: notFound('ORDER_NOT_FOUND'),
  },
  listMyReviews: {
    request: (w) => ({ path: `/reviews/my?orderId=${w.orderId}` }),
    strangerSees: notFound('REVIEW_ORDER_NOT_FOUND'),
  },
  createReview: {
    request: (w) => ({
      path: '/reviews',
      body: {
        orderId: w.orderId,
        productId: w.productId,
        variationLabel: '',
        rating: 5,
        comment: 'Mine now',
      },
    }),
    strangerSees: notFound('REVIEW_ORDER_NOT_FOUND'),
  },
  endOtherSessions: {
    request: () => ({ path: '/auth/sessions' }),
    // The stranger's only session is the one asking: none of the owner's may be counted.
    strangerSees: (res) => {
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ revoked: 0 });
    },
  },
  endSession: {
    request: () => ({ path: '/auth/session' }),
    // Only the stranger's own session ends; the owner stays signed in. The stranger's session
    // is then reopened so the rest of the suite can still use the token.
    strangerSees: async (res, world) => {
      expect(res).toMatchObject({ status: 200, body: { status: 'success' } });
      expectError(await world.stranger.api.get('/auth'), 401, 'AUTH_TOKEN_INVALID');
      expect((await world.owner.api.get('/auth')).status).toBe(200);
      await testDb()
        .update(sessions)
        .set({ revokedAt: null })
        .where(eq(sessions.customerId, world.stranger.customer.id));
    },
  },
};

/** Sends one protected route with the given token (or none) under the shop's key. */
export function callProtected(
  route: ProtectedRoute,
  world: CustomerWorld,
  who: { token?: string; deviceId?: string },
) {
  const { path, body } = (PROTECTED_CASES[route.operationId] as ProtectedCase).request(world);
  return call(path, {
    method: route.method,
    apiKey: world.shop.apiKey,
    ...(who.token ? { token: who.token } : {}),
    ...(who.deviceId ? { headers: { 'x-device-id': who.deviceId } } : {}),
    ...(body === undefined ? {} : { body }),
  });
}

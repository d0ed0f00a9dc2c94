import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BASE } from '../../src/admin-api';
import { createApp } from '../../src/app';
import * as s from '../../src/db/schema';
import {
  ALL_SCOPES,
  grants,
  MERCHANT_SCOPES,
  type MerchantScope,
} from '../../src/identity/merchant-scopes';
import { call, expectError } from '../helpers/api';
import { createMedia } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { adminCall, createMerchantKey, type TestMerchantKey } from '../helpers/merchant';
import { createPickupLocation, createShippingRate } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/** One merchant API operation, as the served document declares it. */
type Operation = { method: string; path: string; scope: MerchantScope; name: string };

type Document = {
  paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
};

/**
 * The route table: every operation of the merchant API's document, with the scope its
 * security requirement names. The router's own routes are checked against it below, so a
 * route declared any other way than adminRoute cannot escape this suite.
 */
async function adminOperations(): Promise<Operation[]> {
  const doc = (await adminCall('/openapi.json')).body as Document;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const scope = op.security?.[0]?.MerchantKey?.[0] as MerchantScope;
      return { method: method.toUpperCase(), path, scope, name: `${method} ${path}` };
    }),
  );
}

/** An object of the victim shop for each resource a path names (`{id}` routes need one). */
const FIXTURES: Record<string, (shop: TestShop) => Promise<string>> = {
  keys: async (shop) => (await createMerchantKey(shop, { scopes: ['catalogue:read'] })).id,
  'shipping-rates': async (shop) => (await createShippingRate(shop)).id,
  'pickup-locations': async (shop) => (await createPickupLocation(shop)).id,
  audit: async () => '',
};

const resourceOf = (path: string) => path.slice(ADMIN_BASE.length + 1).split('/')[0] ?? '';

/** A key holding every scope except those that grant `scope`. */
const scopesLacking = (scope: MerchantScope): MerchantScope[] =>
  MERCHANT_SCOPES.filter((held) => !grants([held], scope));

describe('every merchant API route refuses what it must, with a code', () => {
  let operations: Operation[];
  let victim: TestShop;
  let fixtures: Record<string, string>;
  let storefrontKey: string;
  let otherShopKey: TestMerchantKey;
  const keysLacking = new Map<MerchantScope, TestMerchantKey>();
  let readOnly: TestMerchantKey;
  let revoked: TestMerchantKey;

  beforeAll(async () => {
    operations = await adminOperations();
    victim = await createTestShop();
    storefrontKey = victim.apiKey;
    fixtures = {};
    for (const [resource, make] of Object.entries(FIXTURES))
      fixtures[resource] = await make(victim);
    otherShopKey = await createMerchantKey(await createTestShop());
    for (const scope of new Set(operations.map((op) => op.scope))) {
      keysLacking.set(scope, await createMerchantKey(victim, { scopes: scopesLacking(scope) }));
    }
    readOnly = await createMerchantKey(victim, {
      scopes: MERCHANT_SCOPES.filter((scope) => scope.endsWith(':read')),
    });
    revoked = await createMerchantKey(victim);
    await testDb()
      .update(s.merchantKeys)
      .set({ revokedAt: new Date() })
      .where(eq(s.merchantKeys.id, revoked.id));
  });

  const urlOf = (op: Operation) => op.path.replace('{id}', fixtures[resourceOf(op.path)] ?? '');
  const send = (op: Operation, headers: Record<string, string>) =>
    call(`http://storefront.test${urlOf(op)}`, {
      method: op.method,
      headers,
      ...(op.method === 'POST' || op.method === 'PATCH' ? { body: {} } : {}),
    });
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

  it('declares every route of the router in the document, each with a scope and a fixture', async () => {
    const routed = createApp()
      .routes.filter((r) => r.path.startsWith(`${ADMIN_BASE}/`) && r.method !== 'ALL')
      .filter((r) => r.path !== `${ADMIN_BASE}/openapi.json`)
      .map((r) => `${r.method} ${r.path.replaceAll(/:(\w+)/g, '{$1}')}`);
    // A route's middleware and handler are separate entries of the router.
    expect([...new Set(routed)].sort()).toEqual(
      operations.map((op) => `${op.method} ${op.path}`).sort(),
    );
    expect(operations.length).toBeGreaterThanOrEqual(15);
    for (const op of operations) {
      expect(MERCHANT_SCOPES, op.name).toContain(op.scope);
      expect(Object.keys(FIXTURES), `add a fixture for ${op.path}`).toContain(resourceOf(op.path));
    }
  });

  it('refuses a request without a key', async () => {
    for (const op of operations) expectError(await send(op, {}), 401, 'MERCHANT_KEY_MISSING');
  });

  it('refuses a garbage, malformed or revoked key', async () => {
    for (const op of operations) {
      for (const headers of [
        bearer(`sk_live_${crypto.randomUUID()}`),
        bearer('not-a-key'),
        { authorization: 'Basic c2tfbGl2ZV94eXo6' },
        bearer(revoked.secret),
      ]) {
        expectError(await send(op, headers), 401, 'MERCHANT_KEY_INVALID');
      }
    }
  });

  it("refuses the shop's storefront key, as a bearer or as x-api-key", async () => {
    for (const op of operations) {
      expectError(await send(op, bearer(storefrontKey)), 401, 'STOREFRONT_KEY_NOT_ALLOWED');
      expectError(
        await send(op, { 'x-api-key': storefrontKey }),
        401,
        'STOREFRONT_KEY_NOT_ALLOWED',
      );
    }
  });

  it('refuses a key lacking the scope, and a read-only key on every write', async () => {
    for (const op of operations) {
      const lacking = keysLacking.get(op.scope);
      if (!lacking) throw new Error(`no key for ${op.scope}`);
      expectError(await send(op, bearer(lacking.secret)), 403, 'MERCHANT_SCOPE_MISSING');
      if (op.method !== 'GET') {
        expectError(await send(op, bearer(readOnly.secret)), 403, 'MERCHANT_SCOPE_MISSING');
      }
    }
  });

  it("never shows or changes another shop's objects to a key of another shop", async () => {
    for (const op of operations) {
      const res = await send(op, bearer(otherShopKey.secret));
      const fixture = fixtures[resourceOf(op.path)] ?? '';
      if (op.path.includes('{id}')) {
        expect(res.status, op.name).toBe(404);
        expect(res.body.code, op.name).toMatch(/_NOT_FOUND$/);
      } else {
        expect([200, 201, 422], op.name).toContain(res.status);
        if (fixture) expect(JSON.stringify(res.body), op.name).not.toContain(fixture);
      }
    }
    const [rate] = await testDb()
      .select()
      .from(s.shippingRates)
      .where(eq(s.shippingRates.id, fixtures['shipping-rates'] ?? ''));
    expect(rate?.version).toBe(1);
    const [key] = await testDb()
      .select()
      .from(s.merchantKeys)
      .where(eq(s.merchantKeys.id, fixtures.keys ?? ''));
    expect(key?.revokedAt).toBeNull();
  });

  it('sends no CORS headers, to a preflight or to a call from a browser origin', async () => {
    const full = await createMerchantKey(victim, { scopes: ALL_SCOPES });
    for (const op of operations) {
      const preflight = await call(`http://storefront.test${urlOf(op)}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': op.method,
          'access-control-request-headers': 'authorization',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin'), op.name).toBeNull();
      const res = await send(op, { ...bearer(full.secret), origin: 'https://evil.example' });
      expect(res.headers.get('access-control-allow-origin'), op.name).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), op.name).toBeNull();
    }
  });
});

describe('a merchant key on the storefront', () => {
  it('never resolves a shop: every storefront operation answers MERCHANT_KEY_NOT_ALLOWED', async () => {
    const shop = await createTestShop();
    const key = await createMerchantKey(shop);
    const doc = (await call('/openapi.json')).body as Document;
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.security?.some((requirement) => 'ApiKey' in requirement)) continue;
        const url = `http://storefront.test${path.replaceAll(/\{\w+\}/g, 'x')}`;
        const res = await call(url, {
          method: method.toUpperCase(),
          headers: { 'x-api-key': key.secret, 'cf-connecting-ip': '198.51.100.9' },
          ...(method === 'get' ? {} : { body: {} }),
        });
        expectError(res, 401, 'MERCHANT_KEY_NOT_ALLOWED');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe('CORS', () => {
  it('still lets browsers call the storefront and load its images from any origin', async () => {
    const shop = await createTestShop();
    const media = await createMedia(shop);
    await env.STORAGE.put(`${shop.id}/media/${media.filename}`, 'jpeg bytes');
    const origin = { origin: 'https://theme.example' };
    const image = await call(`/storage/${shop.id}/media/${media.filename}`, { headers: origin });
    expect(image.status).toBe(200);
    expect(image.headers.get('access-control-allow-origin')).toBe('*');
    const settings = await call('/settings', { apiKey: shop.apiKey, headers: origin });
    expect(settings.headers.get('access-control-allow-origin')).toBe('*');
  });
});

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ADMIN_BASE, createAdminApp } from '../../src/admin-api';
import { MERCHANT_SCOPES } from '../../src/identity/merchant-scopes';
import { API_BASE, call, expectError } from '../helpers/api';
import { createMedia } from '../helpers/catalog-factory';
import { createMerchantKey } from '../helpers/merchant';
import { describeRouteSecurity } from '../helpers/route-security';
import {
  AREAS_BY_FILE,
  areaOf,
  type Document,
  declaredOperations,
  FIXTURES,
  operations,
  resourceOf,
  sessionOperations,
} from '../helpers/route-table';
import { createTestShop } from '../helpers/shop-factory';

describe('the merchant API route table', () => {
  it('holds every route of the router, each with a scope and a fixture', () => {
    const routed = createAdminApp()
      .routes.filter((r) => r.path.startsWith(`${ADMIN_BASE}/`) && r.method !== 'ALL')
      .filter((r) => r.path !== `${ADMIN_BASE}/openapi.json`)
      .map((r) => `${r.method} ${r.path.replaceAll(/:(\w+)/g, '{$1}')}`);
    // A route's middleware and handler are separate entries of the router.
    expect([...new Set(routed)].sort()).toEqual(
      declaredOperations.map((op) => `${op.method} ${op.path}`).sort(),
    );
    // Beside the key routes, only the staff sign-in routes: public or a session's own.
    for (const op of declaredOperations.filter((d) => !operations.some((o) => o.name === d.name))) {
      expect(op.path, op.name).toMatch(/\/(auth|sessions|invites\/accept)(\/|$)/);
      expect(
        op.security.every((r) => 'StaffSession' in r),
        op.name,
      ).toBe(true);
    }
    expect(operations.length).toBeGreaterThanOrEqual(15);
    // A session may call every merchant route, and a person's own routes besides.
    expect(sessionOperations.filter((op) => !op.personal).map((op) => op.name)).toEqual(
      operations.map((op) => op.name),
    );
    const checked = Object.values(AREAS_BY_FILE).flat() as string[];
    for (const op of operations) {
      if (op.scope !== null || op.path !== `${ADMIN_BASE}/me`) {
        expect(MERCHANT_SCOPES, op.name).toContain(op.scope);
      }
      expect(checked, `add the area of ${op.name} to AREAS_BY_FILE`).toContain(areaOf(op));
      expect(Object.keys(FIXTURES), `add a fixture for ${op.path}`).toContain(resourceOf(op.path));
    }
    for (const op of sessionOperations) expect(checked, op.name).toContain(areaOf(op));
  });
});

describeRouteSecurity(AREAS_BY_FILE['security.test.ts']);

describe('a merchant key on the storefront', () => {
  // A sweep over every storefront operation in the document, sent together: it is one check.
  it('never resolves a shop: every storefront operation answers MERCHANT_KEY_NOT_ALLOWED', {
    timeout: 90_000,
  }, async () => {
    const shop = await createTestShop();
    const key = await createMerchantKey(shop);
    const doc = (await call('/openapi.json')).body as Document;
    const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.some((requirement) => 'ApiKey' in requirement))
        .map(([method]) => {
          // The document's paths are relative to its server, the storefront API's base.
          const full = path.startsWith(API_BASE) ? path : `${API_BASE}${path}`;
          const url = `http://storefront.test${full.replaceAll(/\{\w+\}/g, 'x')}`;
          return call(url, {
            method: method.toUpperCase(),
            headers: { 'x-api-key': key.secret, 'cf-connecting-ip': '198.51.100.9' },
            ...(method === 'get' ? {} : { body: {} }),
          });
        }),
    );
    const answers = await Promise.all(calls);
    for (const res of answers) expectError(res, 401, 'MERCHANT_KEY_NOT_ALLOWED');
    expect(answers.length).toBeGreaterThan(30);
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

import { describe, expect, it } from 'vitest';
import { MERCHANT_SCOPES } from '../../src/identity/merchant-scopes';
import { call } from '../helpers/api';
import { adminCall } from '../helpers/merchant';

type Operation = {
  operationId?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
  parameters?: Array<{ name: string; in: string }>;
};
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  servers: Array<{ url: string }>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
};

const fetchDocument = async () => {
  const res = await adminCall('/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBeNull();
  return res.body as OpenApiDocument;
};

describe('the merchant API OpenAPI document', () => {
  it('is OpenAPI 3.1 with the MerchantKey bearer scheme, apart from the storefront document', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.MerchantKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    // Paths are relative to the document's server, /admin/api/v1, as the storefront's are.
    expect(doc.servers[0]?.url).toBe('/admin/api/v1');
    expect(Object.keys(doc.paths)).toContain('/shipping-rates/{id}');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/admin'))).toBe(false);
    const storefront = (await call('/openapi.json')).body as OpenApiDocument;
    expect(Object.keys(storefront.paths).some((p) => p.startsWith('/admin'))).toBe(false);
    expect(storefront.components.securitySchemes.MerchantKey).toBeUndefined();
  });

  it('names the scope of every operation and its coded errors; writes declare Idempotency-Key', async () => {
    const doc = await fetchDocument();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method} ${path}`;
        expect(op.operationId, name).toMatch(/^[a-zA-Z]+$/);
        expect(op.description, name).toBeTruthy();
        const key = op.security?.find((requirement) => 'MerchantKey' in requirement);
        if (!key) {
          // Staff sign-in: public, or the signed-in person's own (a session, no shop scope).
          expect(path, name).toMatch(/^\/(auth|sessions|invites\/accept)(\/|$)/);
          expect(
            op.security?.every((r) => Object.keys(r).join() === 'StaffSession'),
            name,
          ).toBe(true);
          continue;
        }
        const scopes = key.MerchantKey ?? [];
        // A key or a staff session, holding the same scope.
        expect(op.security, name).toEqual([{ MerchantKey: scopes }, { StaffSession: scopes }]);
        if (path !== '/me') {
          expect(scopes, name).toHaveLength(1);
          expect(MERCHANT_SCOPES, name).toContain(scopes[0]);
        }
        expect(Object.keys(op.responses ?? {}), name).toEqual(
          expect.arrayContaining(['401', ...(path === '/me' ? [] : ['403']), '429']),
        );
        const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
        if (method !== 'get') expect(headers, name).toContain('idempotency-key');
      }
    }
  });

  it('matches the committed snapshot (run `npm run openapi:snapshot` after changing routes)', async () => {
    const doc = await fetchDocument();
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot(
      './admin-openapi.snapshot.json',
    );
  });
});

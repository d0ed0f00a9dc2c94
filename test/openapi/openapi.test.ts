import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';

/** Every operation of the contract, as OpenAPI paths. */
const CONTRACT_OPERATIONS = [
  'get /settings/health',
  'get /settings',
  'get /settings/policy/{type}',
  'get /products',
  'get /products/{id}',
  'get /products/variants',
  'get /products/variant-details',
  'get /products/best-sellers',
  'get /products/similar/{id}',
  'post /products/cart',
  'post /products/cart-similarities',
  'get /categories',
  'get /categories/{id}',
  'get /search',
  'get /content/{modelSlug}',
  'get /content/{modelSlug}/{entryId}',
  'post /auth',
  'post /auth/verify',
  'post /auth/access',
  'get /auth',
  'patch /auth',
  'post /coupons',
  'post /orders',
  'get /orders',
  'get /orders/{id}',
  'post /orders/download-files/{id}',
  'get /reviews/{productId}',
  'get /reviews/{productId}/summary',
  'get /reviews/my',
  'post /reviews',
  'post /newsletter',
  'patch /newsletter/{id}',
  'delete /newsletter/{id}',
  'post /config',
  'get /config/site-map',
  'put /analytics',
];

type OpenApiDocument = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId?: string; responses?: Record<string, unknown> }>
  >;
};

const fetchDocument = async () => {
  const res = await call('/openapi.json');
  expect(res.status).toBe(200);
  return res.body as OpenApiDocument;
};

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and declares every operation of the contract', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    const declared = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path.replace('/access/api/v1', '')}`),
    );
    for (const operation of CONTRACT_OPERATIONS) expect(declared).toContain(operation);
  });

  it('gives every operation an id and a coded error response', async () => {
    const doc = await fetchDocument();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-zA-Z]+$/);
        const statuses = Object.keys(op.responses ?? {});
        expect(
          statuses.some((s) => s.startsWith('4') || s.startsWith('5')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });

  it('matches the committed snapshot (run `npm run openapi:snapshot` after changing routes)', async () => {
    const doc = await fetchDocument();
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot(
      './openapi.snapshot.json',
    );
  });

  it('serves an interactive docs page', async () => {
    const res = await call('http://storefront.test/docs');
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('/access/api/v1/openapi.json');
  });
});

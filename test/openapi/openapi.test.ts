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

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, { headers?: Record<string, unknown> }>;
};

type OpenApiDocument = {
  openapi: string;
  info: { license?: { name: string } };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const operations = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method} ${path}`, op })),
  );

/** Every schema object in `value`, with where it sits. */
function* schemasIn(value: unknown, where = '#'): Generator<[string, Record<string, unknown>]> {
  if (!value || typeof value !== 'object') return;
  if (!Array.isArray(value)) yield [where, value as Record<string, unknown>];
  for (const [key, inner] of Object.entries(value)) yield* schemasIn(inner, `${where}/${key}`);
}

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

  it('names its servers and license, and declares and describes the tag of every operation', async () => {
    const doc = await fetchDocument();
    // Only the deployment serving the document: no local address in a production document.
    expect(doc.servers?.map((s) => s.url)).toEqual(['/access/api/v1']);
    expect(doc.info.license?.name).toBeTruthy();
    const tags = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { name, op } of operations(doc)) {
      expect(op.summary, name).toBeTruthy();
      expect(op.description, name).toBeTruthy();
      expect(op.tags, name).toHaveLength(1);
      expect(tags.get(op.tags?.[0] ?? ''), name).toBeTruthy();
    }
  });

  it('declares how every operation is authenticated, the webhook by its signature', async () => {
    const doc = await fetchDocument();
    for (const { name, op } of operations(doc)) expect(op.security, name).toBeDefined();
    expect(doc.paths['/payments/webhook/{shopId}']?.post?.security).toEqual([
      { PaymentSignature: [] },
    ]);
    expect(doc.paths['/livez']?.get?.security).toEqual([]);
    expect(doc.components.securitySchemes.PaymentSignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Stripe-Signature',
    });
  });

  it('documents X-Request-Id and Server-Timing on every successful response', async () => {
    const doc = await fetchDocument();
    for (const { name, op } of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        expect(Object.keys(response.headers ?? {}), `${name} ${status}`).toEqual(
          expect.arrayContaining(['X-Request-Id', 'Server-Timing']),
        );
      }
    }
  });

  it('lets null through only where a field may be null, never into a named schema', async () => {
    const doc = await fetchDocument();
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      const type = (schema as { type?: unknown }).type;
      expect(Array.isArray(type) && type.includes('null'), `${name} is nullable`).toBe(false);
    }
    for (const [where, schema] of schemasIn(doc)) {
      // `allOf: [$ref, { type: [..., 'null'] }]` can never validate null.
      const parts = (schema.allOf ?? []) as Array<{ type?: unknown }>;
      expect(
        parts.some((p) => Array.isArray(p.type) && p.type.includes('null')),
        where,
      ).toBe(false);
    }
    const item = doc.components.schemas.HydratedCartItem as {
      properties: Record<string, unknown>;
    };
    expect(item.properties.variation).toMatchObject({
      anyOf: [{ $ref: '#/components/schemas/Variant' }, { type: 'null' }],
    });
    expect(item.properties.primaryCategory).toMatchObject({
      anyOf: [{ $ref: '#/components/schemas/CategoryRef' }, { type: 'null' }],
    });
  });

  it('publishes patterns JSON Schema can use (no regex flags)', async () => {
    const doc = await fetchDocument();
    for (const [where, schema] of schemasIn(doc)) {
      if (typeof schema.pattern !== 'string') continue;
      expect(schema.pattern, where).not.toMatch(/\/[dgimsuvy]+$/);
      expect(() => new RegExp(schema.pattern as string, 'u'), where).not.toThrow();
    }
  });

  it('answers GET /livez without a key and without a database statement', async () => {
    const res = await call('/livez');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.roundTrips).toBe(0);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('matches the committed snapshot (run `npm run openapi:snapshot` after changing routes)', async () => {
    const doc = await fetchDocument();
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot(
      './openapi.snapshot.json',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createAdminOpenApi } from '../../src/admin-api';
import { FIELD_EXAMPLES } from '../../src/admin-kit/examples';
import examples from '../../src/http/admin-docs-examples.json';
import type { RecordedExamples } from '../../src/http/docs-openapi';
import { declaredRoutes, issuesOf } from '../helpers/declared-routes';
import { adminCall } from '../helpers/merchant';

const recorded = examples as RecordedExamples;

/** Every merchant route as declared, with its zod schemas, by operation id. */
const routes = new Map(
  declaredRoutes(createAdminOpenApi()).map((route) => [
    route.operationId ?? `${route.method} ${route.path}`,
    route,
  ]),
);

/**
 * The merchant reference's recorded examples are real answers of the demo shop
 * (`npm run openapi:examples`, src/http/admin-docs-examples.json). When a schema changes,
 * these fail until the examples are recorded again, so the reference never shows a stale answer.
 */
describe('the merchant reference’s recorded examples', () => {
  it('cover the reads and creations of the demo shop', () => {
    expect(Object.keys(recorded).length).toBeGreaterThan(50);
    for (const id of ['listProducts', 'getOrder', 'listAuditEvents', 'createWebhookEndpoint']) {
      expect(recorded[id], id).toBeDefined();
    }
  });

  it.each(Object.entries(recorded))(
    '%s: the response and the request body match their schemas',
    (operationId, example) => {
      const route = routes.get(operationId);
      expect(route, `${operationId} is an operation`).toBeDefined();
      const response = route?.responses[String(example.status)];
      expect(response, `status ${example.status} is declared`).toBeDefined();
      const json = response?.content?.['application/json'];
      expect(json?.schema, 'a JSON answer').toBeDefined();
      expect(issuesOf(json?.schema, example.response)).toEqual([]);
      const body = route?.request?.body?.content?.['application/json'];
      if (body && example.request.body !== undefined) {
        expect(issuesOf(body.schema, example.request.body)).toEqual([]);
      }
    },
  );

  it('show no secret the shop answered with', () => {
    const key = recorded.createMerchantKey?.response as { prefix: string; secret: string };
    const endpoint = recorded.createWebhookEndpoint?.response as { secret: string };
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key.secret.slice(key.prefix.length)).toMatch(/^MfKQ9r8GKYqr/);
    expect(endpoint.secret).toMatch(/^whsec_MfKQ9r8GKYqr/);
  });

  it('are in the served document; an operation not recorded keeps the generated example', async () => {
    const doc = (await adminCall('/openapi.json')).body;
    const product = doc.paths['/products/{id}'];
    expect(product.get.responses['200'].content['application/json'].examples.demo.value).toEqual(
      recorded.getProduct?.response,
    );
    const created = doc.paths['/categories'].post;
    expect(created.requestBody.content['application/json'].examples.demo.value).toEqual(
      recorded.createCategory?.request.body,
    );
    expect(recorded.updateProduct).toBeUndefined();
    const update = product.patch.responses['200'].content['application/json'];
    expect(update.examples).toBeUndefined();
    // What a renderer builds it from: the schema, its text fields given the table's examples.
    expect(update.schema.$ref).toMatch(/^#\/components\/schemas\/Product/);
    expect(doc.components.schemas.Product.properties.sku.example).toBe(FIELD_EXAMPLES.sku);
  });

  it('the check finds an example that does not match its schema', () => {
    const route = routes.get('getProduct');
    const schema = route?.responses['200']?.content?.['application/json']?.schema;
    const broken = { ...(recorded.getProduct?.response as object), price: 'twelve' };
    expect(issuesOf(schema, broken).length).toBeGreaterThan(0);
  });
});

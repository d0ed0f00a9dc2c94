import { describe, expect, it } from 'vitest';
import { API_BASE, createApp } from '../../src/app';
import examples from '../../src/http/docs-examples.json';
import type { RecordedExamples } from '../../src/http/docs-openapi';
import { call } from '../helpers/api';
import { declaredRoutes, issuesOf } from '../helpers/declared-routes';

const recorded = examples as RecordedExamples;

/** Every storefront route as declared, with its zod schemas. */
const routes = declaredRoutes(createApp()).filter((route) => route.path.startsWith(API_BASE));

/**
 * The examples of the reference are real answers of the demo shop, recorded by
 * `npm run openapi:examples` (src/http/docs-examples.json). When a schema changes, these
 * fail until the examples are recorded again, so the reference never shows a stale answer.
 */
describe('the recorded examples', () => {
  it('cover every operation', () => {
    const missing = routes.map((r) => r.operationId).filter((id) => !id || !recorded[id]);
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(30);
  });

  it.each(routes.map((r) => [r.operationId ?? r.path, r] as const))(
    '%s: the response and the request body match their schemas',
    (operationId, route) => {
      const example = recorded[operationId];
      expect(example, operationId).toBeDefined();
      if (!example) return;
      const response = route.responses[String(example.status)];
      expect(response, `status ${example.status} is declared`).toBeDefined();
      const json = response?.content?.['application/json'];
      if (json) expect(issuesOf(json.schema, example.response)).toEqual([]);
      else expect(example.response).toBeNull();
      const body = route.request?.body?.content?.['application/json'];
      if (body && example.request.body !== undefined)
        expect(issuesOf(body.schema, example.request.body)).toEqual([]);
    },
  );

  it('are in the served document, with code samples', async () => {
    const res = await call('/openapi.json');
    const product = res.body.paths['/products/{id}'].get;
    expect(product.responses['200'].content['application/json'].examples.demo.value).toEqual(
      recorded.getProduct?.response,
    );
    expect(product['x-codeSamples'].map((s: { label: string }) => s.label)).toEqual([
      'Typed client',
      'curl',
    ]);
    expect(product['x-codeSamples'][0].source).toContain("api.GET('/products/{id}'");
  });
});

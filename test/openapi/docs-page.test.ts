import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

/** The reference page at /docs works offline: its renderer comes from this worker, pinned. */
describe('the API reference page', () => {
  it('is HTML under a strict Content-Security-Policy and points at the document', async () => {
    const res = await call('http://storefront.test/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/i);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = directives(res.headers.get('content-security-policy') ?? '');
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    const html = String(res.body);
    expect(html).toContain('data-url="/access/api/v1/openapi.json"');
    // No script or stylesheet from anywhere but this worker.
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('serves the renderer it names as JavaScript, cacheable for good', async () => {
    const page = await call('http://storefront.test/docs');
    const src = /<script src="([^"]+)"><\/script>/.exec(String(page.body))?.[1] ?? '';
    expect(src).toMatch(/^\/docs\/assets\/scalar-\d+\.\d+\.\d+\.js$/);
    const res = await call(`http://storefront.test${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(String(res.body).length).toBeGreaterThan(1_000_000);
    expect(String(res.body)).toContain('createApiReference');
  });

  it('answers an unknown asset with the JSON 404 envelope', async () => {
    const res = await call('http://storefront.test/docs/assets/scalar-0.0.0.js');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ROUTE_NOT_FOUND');
  });
});

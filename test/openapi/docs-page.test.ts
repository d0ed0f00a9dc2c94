import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

const scriptSrc = (html: string) => /<script src="([^"]+)"><\/script>/.exec(html)?.[1] ?? '';

/** The reference pages work offline: their renderer comes from this origin, pinned. */
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
    // No script or stylesheet from anywhere but this origin.
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    expect(scriptSrc(html)).toMatch(/^\/docs\/assets\/scalar-\d+\.\d+\.\d+\.js$/);
  });

  it('loads the same renderer on the merchant reference page', async () => {
    const [storefront, merchant] = await Promise.all([
      call('http://storefront.test/docs'),
      call('http://storefront.test/admin/docs'),
    ]);
    expect(merchant.status).toBe(200);
    expect(String(merchant.body)).toContain('data-url="/admin/api/v1/openapi.json"');
    expect(scriptSrc(String(merchant.body))).toBe(scriptSrc(String(storefront.body)));
  });

  it('names a renderer the assets Worker serves through the worker, JavaScript cached for good', async () => {
    const page = await call('http://storefront.test/docs');
    const src = scriptSrc(String(page.body));
    const version = /scalar-(.+)\.js$/.exec(src)?.[1];
    const res = await call(`http://storefront.test${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Forwarded before the application runs: none of its headers.
    expect(res.headers.get('x-request-id')).toBeNull();
    const body = String(res.body);
    expect(body.length).toBeGreaterThan(1_000_000);
    expect(body).toContain('createApiReference');
    // The file is the version the page's URL names.
    expect(body.slice(0, 2_000)).toContain(`@scalar/api-reference ${version}\n`);
  });

  it("serves no other version: the assets Worker's plain 404, not cached for good", async () => {
    const unknown = await call('http://storefront.test/docs/assets/scalar-0.0.0.js');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control') ?? '').not.toContain('immutable');
    expect(unknown.headers.get('x-request-id')).toBeNull();
    expect(unknown.headers.get('content-type') ?? '').not.toContain('json');
  });
});

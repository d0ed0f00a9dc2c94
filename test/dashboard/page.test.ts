import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

const scripts = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);

/** The merchant dashboard at /admin: one page for every app path, under a strict policy. */
describe('the dashboard page', () => {
  it('answers /admin and its deep links with the app, uncached, under a strict CSP', async () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/sign-in',
      '/admin/products/abc?x=1',
      '/admin/invite?token=t',
    ]) {
      const res = await call(`http://storefront.test${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      const html = String(res.body);
      expect(html).toContain('<div id="root"></div>');
      // Only this origin's hashed files; no inline script.
      expect(scripts(html).length).toBeGreaterThan(0);
      for (const src of scripts(html)) expect(src).toMatch(/^\/admin\/assets\/[\w-]+\.js$/);
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(html).not.toMatch(/(src|href)="https?:/);
    }
  });

  it('leaves the merchant API and its reference to their own routes', async () => {
    const api = await call('http://storefront.test/admin/api/v1/products');
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    const otherVersion = await call('http://storefront.test/admin/api/v2/products');
    expect(otherVersion.status).toBe(404);
    expect(otherVersion.headers.get('content-type')).toMatch(/^application\/json/);
    const docs = await call('http://storefront.test/admin/docs');
    expect(docs.status).toBe(200);
    expect(String(docs.body)).toContain('data-url="/admin/api/v1/openapi.json"');
    const missingDocs = await call('http://storefront.test/admin/docs/nothing');
    expect(missingDocs.headers.get('content-type') ?? '').not.toMatch(/^text\/html/);
  });

  it('does not answer writes with the page', async () => {
    const res = await call('http://storefront.test/admin/products', { method: 'POST' });
    expect(res.status).toBe(404);
  });

  it('names hashed files the assets Worker serves through the worker, cached for good', async () => {
    const page = await call('http://storefront.test/admin');
    const [src] = scripts(String(page.body));
    const res = await call(`http://storefront.test${src ?? ''}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Forwarded before the application runs: none of its headers.
    expect(res.headers.get('x-request-id')).toBeNull();
    expect(String(res.body).length).toBeGreaterThan(10_000);
    const missing = await call('http://storefront.test/admin/assets/index-missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
    expect(missing.headers.get('content-type') ?? '').not.toContain('json');
  });
});

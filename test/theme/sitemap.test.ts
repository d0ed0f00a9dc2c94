/**
 * The theme's /sitemap.xml (apps/theme/src/pages/sitemap.ts): the API's list as one file up to
 * 50,000 URLs, and beyond that a sitemap index naming /sitemap-n.xml files of 50,000 each.
 */
import { type Context, Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ThemeEnv } from '../../apps/theme/src/env';
import * as sitemap from '../../apps/theme/src/pages/sitemap';
import * as sitemapFile from '../../apps/theme/src/pages/sitemap-file';
import { createStorefrontClient } from '../../packages/client/src';

const { SITEMAP_MAX_URLS, sitemapPart } = sitemap;

/** A page's load then render, as the theme's `page()` runs them. */
const serve = (p: typeof sitemap | typeof sitemapFile) => async (c: Context<ThemeEnv>) =>
  p.render(c, await p.load(c));

/** The theme's two sitemap routes (as apps/theme/src/index.tsx mounts them) over an API whose GET /config/site-map lists `n` products. */
function themeListing(n: number) {
  const data = Array.from({ length: n }, (_, i) => ({
    url: `https://api-host.example/product/p-${i + 1}`,
    lastModified: '2026-11-01T00:00:00.000Z',
    changeFrequency: 'weekly',
    priority: 0.8,
  }));
  const api = createStorefrontClient({
    baseUrl: 'https://api.example/access/api/v1',
    fetch: async (request: Request) =>
      new URL(request.url).pathname === '/access/api/v1/config/site-map'
        ? Response.json({ status: 'success', data })
        : new Response('{}', { status: 404 }),
  });
  return new Hono<ThemeEnv>()
    .use('*', async (c, next) => {
      c.set('api', api);
      await next();
    })
    .get('/sitemap.xml', serve(sitemap))
    .get('/:file{sitemap-[1-9][0-9]*\\.xml}', serve(sitemapFile));
}

const get = async (app: Hono<ThemeEnv>, path: string) => {
  const res = await app.request(`https://shop.example${path}`);
  return { status: res.status, type: res.headers.get('content-type'), xml: await res.text() };
};
const count = (xml: string, tag: string) => xml.split(`<${tag}>`).length - 1;

describe('the theme’s sitemap', () => {
  it('splits a list into files of at most 50,000, and names only the files there are', () => {
    const list = Array.from({ length: 2 * SITEMAP_MAX_URLS + 1 }, (_, i) => i);
    expect(sitemapPart(list, undefined)).toEqual({ files: 3 });
    const second = sitemapPart(list, 2);
    expect(second && 'urls' in second && [second.urls[0], second.urls.length]).toEqual([
      SITEMAP_MAX_URLS,
      SITEMAP_MAX_URLS,
    ]);
    expect(sitemapPart(list, 3)).toEqual({ urls: [2 * SITEMAP_MAX_URLS] });
    expect(sitemapPart(list, 4)).toBeNull();
    const short = list.slice(0, SITEMAP_MAX_URLS);
    expect(sitemapPart(short, undefined)).toEqual({ urls: short });
    expect(sitemapPart(short, 1)).toBeNull();
  });

  it('serves a short list as one file on the theme’s own host', async () => {
    const app = themeListing(3);
    const one = await get(app, '/sitemap.xml');
    expect(one.status).toBe(200);
    expect(one.type).toBe('application/xml; charset=utf-8');
    expect(one.xml).toContain('<urlset');
    expect(count(one.xml, 'url')).toBe(3);
    expect(one.xml).toContain('<loc>https://shop.example/product/p-3</loc>');
    expect((await get(app, '/sitemap-1.xml')).status).toBe(404);
  });

  it('serves a list of more than 50,000 as an index and its files', async () => {
    const app = themeListing(SITEMAP_MAX_URLS + 2);
    const index = await get(app, '/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.xml).toContain('<sitemapindex');
    expect(index.xml).not.toContain('<url>');
    expect(index.xml).toContain(
      '<sitemap><loc>https://shop.example/sitemap-1.xml</loc></sitemap><sitemap><loc>https://shop.example/sitemap-2.xml</loc></sitemap></sitemapindex>',
    );
    const first = await get(app, '/sitemap-1.xml');
    expect(count(first.xml, 'url')).toBe(SITEMAP_MAX_URLS);
    const second = await get(app, '/sitemap-2.xml');
    expect(second.status).toBe(200);
    expect(count(second.xml, 'url')).toBe(2);
    expect(second.xml).toContain(`/product/p-${SITEMAP_MAX_URLS + 2}</loc>`);
    for (const path of ['/sitemap-3.xml', '/sitemap-0.xml', '/sitemap-01.xml']) {
      expect((await get(app, path)).status, path).toBe(404);
    }
  });
});

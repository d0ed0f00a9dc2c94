import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAssets, type DashboardBuild, type DocsAssets } from '../../scripts/build/assets';
import { type ServedWorker, serveWorker } from '../../scripts/local/worker';
import { buildManifest } from '../../scripts/local/worker-build';

/**
 * Answers every request and cron trigger itself, and says so; `/binding/<path>` asks the
 * ASSETS binding for `<path>` instead, as the worker does for its built files
 * (src/http/static-files.ts, tested through the real worker in the worker pool).
 */
const STAND_IN = `export default {
  fetch: (request, env) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/binding/')) {
      return env.ASSETS.fetch(new Request(new URL(url.pathname.slice('/binding'.length), url)));
    }
    return new Response('worker', { headers: { 'x-reached': 'worker' } });
  },
  scheduled: (controller) => {
    if (controller.cron !== '*/5 * * * *') throw new Error('unexpected cron ' + controller.cron);
  },
};
`;

/**
 * The two Workers as `npm run dev` serves them (scripts/local/worker-build.ts's options,
 * scripts/local/worker.ts's Miniflare): the API worker, here a stand-in in place of its
 * bundle, with no assets layer in front of it (wrangler.toml), and the assets Worker its
 * ASSETS binding reaches (wrangler.assets.toml: static assets only, with its _headers). The
 * real pages are tested in the worker pool and through `npm run dev` (test/node/dev.test.ts);
 * this is about which Worker answers which path.
 */
describe('static assets (wrangler.assets.toml, bound as ASSETS)', () => {
  let dir: string;
  let served: ServedWorker;
  let assets: DocsAssets;
  let dashboard: DashboardBuild;
  const get = (pathname: string) => fetch(`${served.origin}${pathname}`);

  beforeAll(async () => {
    ({ docs: assets, dashboard } = await buildAssets());
    dir = await mkdtemp(path.join(tmpdir(), 'storefront-assets-'));
    const manifest = await buildManifest(dir);
    await writeFile(path.join(dir, manifest.main), STAND_IN);
    served = await serveWorker({ built: { ...manifest, dir }, bindings: {} });
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('names, for the worker, the renderer file it wrote', async () => {
    const generated = await readFile(path.resolve('src/http/docs-assets.generated.ts'), 'utf8');
    expect(generated).toContain(`SCALAR_SCRIPT_PATH = '${assets.scriptPath}'`);
    const banner = (await readFile(assets.scriptFile, 'utf8')).slice(0, 2_000);
    expect(banner).toContain(`@scalar/api-reference ${assets.version}\n`);
    expect(assets.scriptPath).toBe(`/docs/assets/scalar-${assets.version}.js`);
  });

  it('serves the renderer through the binding, as JavaScript cached for good', async () => {
    const res = await get(`/binding${assets.scriptPath}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-reached')).toBeNull();
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(await res.text()).toBe(await readFile(assets.scriptFile, 'utf8'));
  });

  it('answers a missing file under /docs/assets/ with a 404 of its own, not cached for good', async () => {
    const res = await get('/binding/docs/assets/scalar-0.0.0.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-reached')).toBeNull();
    expect(res.headers.get('cache-control') ?? '').not.toContain('immutable');
    await res.arrayBuffer();
  });

  it("serves the dashboard's hashed files through the binding, cached for good", async () => {
    const script = dashboard.files.find((f) => f.endsWith('.js'));
    expect(script).toMatch(/^\/admin\/assets\/[\w-]+\.js$/);
    const res = await get(`/binding${script ?? ''}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-reached')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await res.arrayBuffer();
    const missing = await get('/binding/admin/assets/index-missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-reached')).toBeNull();
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
    await missing.arrayBuffer();
  });

  it('sends every path to the worker first: no assets layer in front of it', async () => {
    for (const pathname of [
      assets.scriptPath,
      '/admin/assets/index.js',
      '/admin',
      '/admin/',
      '/admin/index.html',
      '/admin/products/123',
      '/docs',
      '/admin/docs',
      '/admin/docs/assets/scalar-0.0.0.js',
      '/access/api/v1/openapi.json',
      '/_headers',
      '/',
    ]) {
      const res = await get(pathname);
      expect(res.headers.get('x-reached'), pathname).toBe('worker');
      await res.arrayBuffer();
    }
  });

  it('still runs the cron handler on demand', async () => {
    const res = await get(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('*/5 * * * *')}`);
    expect(await res.text()).toBe('ok');
  });
});

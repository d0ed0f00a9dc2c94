import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../scripts/seed/keys';
import { type Dev, endAll, expectNothingLeft, holdConnection, startDev } from './support/dev';

/*
 * `npm run dev` starts once in this file: its reading cases share the stack, and the last case
 * stops it with Ctrl-C while a client holds a database connection, checking that the whole
 * stack (workerd, Postgres, the stand-ins) ends. The other ways a stack ends (SIGTERM, SIGHUP,
 * SIGKILL, npm told SIGTERM, a process manager's group stop, a crash of the server or of its
 * supervisor) are each a start of the supervisor over a lighter server with the same lifecycle:
 * test/node/dev-supervisor.test.ts.
 */
describe('npm run dev', () => {
  let dataDir: string;
  const started: Dev[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'storefront-dev-'));
    await chmod(dataDir, 0o755);
  });

  afterAll(async () => {
    endAll(started);
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('started, then stopped with Ctrl-C', () => {
    let dev: Dev;
    beforeAll(async () => {
      dev = await startDev(dataDir);
      started.push(dev);
    }, 300_000);

    const api = (p: string) =>
      fetch(`http://127.0.0.1:${dev.port}/access/api/v1${p}`, {
        headers: { 'x-api-key': DEMO_API_KEY },
      });

    it('shows each step of the start, then the URLs, the key and what the demo shop holds', () => {
      const output = dev.output();
      for (const step of ['Postgres', 'Migrations', 'Demo shop', 'Worker bundle', 'Worker'])
        expect(output).toContain(`✓ ${step}`);
      expect(output).toContain(`http://127.0.0.1:${dev.port}/access/api/v1`);
      expect(output).toContain(DEMO_API_KEY);
      expect(output).toContain(`http://127.0.0.1:${dev.mailPort}`);
      expect(output).toMatch(/Aurora Outfitters \(EUR\): \d+ products/);
      // The database is printed, and written where npm run shop finds it.
      expect(output).toMatch(/Database: +postgres:\/\/\S+:\d+\/storefront/);
      // A quiet start: no stack trace (offline, the Request.cf fetch used to print one).
      expect(output).not.toMatch(/ENOTFOUND|\n\s+at \S+ \(/);
    });

    it('serves health, settings and policies of the seeded demo shop', async () => {
      const health = await api('/settings/health');
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', name: 'Aurora Outfitters' });
      const settings = (await (await api('/settings')).json()) as {
        data: { media: { url: string } };
      };
      expect(settings.data.media.url).toMatch(/\/media\/$/);
      const policy = await api('/settings/policy/privacy');
      expect(policy.status).toBe(200);
      const mail = await fetch(`http://127.0.0.1:${dev.mailPort}/api/emails`);
      expect(mail.status).toBe(200);
    });

    it('serves the demo images from local R2', async () => {
      const settings = (await (await api('/settings')).json()) as {
        data: { media: { url: string }; branding: { logo: { uploadUrl: string } | null } };
      };
      const logo = settings.data.branding.logo;
      expect(logo).not.toBeNull();
      const file = logo?.uploadUrl.split('/').pop() ?? '';
      const image = await fetch(`${settings.data.media.url}${file}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
    });

    it('serves the API reference and its renderer', async () => {
      const page = await fetch(`http://127.0.0.1:${dev.port}/docs`);
      expect(page.status).toBe(200);
      const src = /<script src="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      expect(src).toMatch(/^\/docs\/assets\/scalar-[^/]+\.js$/);
      // Forwarded by the worker to the assets Worker (wrangler.assets.toml), as deployed.
      const script = await fetch(`http://127.0.0.1:${dev.port}${src}`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(script.headers.get('cache-control')).toContain('immutable');
      expect(await script.text()).toContain('createApiReference');
    });

    it('stops everything it started on Ctrl-C, a client holding a database connection', async () => {
      const client = await holdConnection(dev);
      process.kill(dev.parent.pid ?? 0, 'SIGINT');
      expect(await dev.exited).toBe(0);
      await expectNothingLeft(dev, dataDir);
      await client.end().catch(() => undefined);
    }, 60_000);
  });
});

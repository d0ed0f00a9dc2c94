import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../scripts/local/net';
import { DEMO_API_KEY } from '../../scripts/seed/keys';

/** `npm run dev` as a developer runs it: one command, a seeded shop, Ctrl-C leaves nothing behind. */
describe('npm run dev', () => {
  let dataDir: string;
  let port: number;
  let mailPort: number;
  let dev: ChildProcess;
  let output = '';

  const isListening = (p: number) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(p, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'storefront-dev-'));
    await chmod(dataDir, 0o755);
    port = await findFreePort();
    mailPort = await findFreePort();
    dev = spawn(
      process.execPath,
      [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/dev.ts'],
      {
        env: {
          ...process.env,
          DEV_DATA_DIR: dataDir,
          PORT: String(port),
          MAIL_PORT: String(mailPort),
          DATABASE_URL: '',
          REDIS_URL: '',
        },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    dev.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    dev.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 150_000;
    while (!output.includes('Storefront API is running')) {
      if (dev.exitCode !== null || Date.now() > deadline)
        throw new Error(`dev did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 180_000);

  afterAll(async () => {
    if (dev.exitCode === null && dev.pid) process.kill(-dev.pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  const api = (p: string) =>
    fetch(`http://127.0.0.1:${port}/access/api/v1${p}`, { headers: { 'x-api-key': DEMO_API_KEY } });

  it('prints the API base URL, the demo key and the mail sink', () => {
    expect(output).toContain(`http://127.0.0.1:${port}/access/api/v1`);
    expect(output).toContain(DEMO_API_KEY);
    expect(output).toContain(`http://127.0.0.1:${mailPort}`);
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
    const mail = await fetch(`http://127.0.0.1:${mailPort}/api/emails`);
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

  it('stops everything it started on Ctrl-C', async () => {
    const exited = new Promise<number | null>((resolve) => dev.once('exit', resolve));
    if (dev.pid) process.kill(-dev.pid, 'SIGINT');
    expect(await exited).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await isListening(port)).toBe(false);
    expect(await isListening(mailPort)).toBe(false);
    const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
    expect(processes.split('\n').filter((line) => line.includes(dataDir))).toEqual([]);
  }, 60_000);
});

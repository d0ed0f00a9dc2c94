/**
 * `npm run dev`: the whole API locally with no cloud account and no system services.
 * Starts a real Postgres (embedded unless DATABASE_URL is set), the local stand-ins,
 * seeds the demo shop into an empty database, then runs `wrangler dev`.
 * Ctrl-C stops everything it started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { writeLocalObjects } from './local/dev-storage';
import { hasNoShops, type LocalStack, startLocalStack } from './local/stack';
import { demoObjects, type SeedResult, seedDemo } from './seed';
import { DEMO_API_KEY, DEMO_MERCHANT_KEY } from './seed/keys';

const DATA_DIR = path.resolve(process.env.DEV_DATA_DIR ?? '.data');
const PERSIST_TO = path.join(DATA_DIR, 'wrangler');
const PORT = Number(process.env.PORT ?? 8787);
const MAIL_PORT = Number(process.env.MAIL_PORT ?? 8025);
const API_BASE = `http://127.0.0.1:${PORT}/access/api/v1`;

/** Token and HMAC secrets survive restarts, so a developer's sign-in survives too. */
async function localSecrets(): Promise<Record<string, string>> {
  const file = path.join(DATA_DIR, 'secrets.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  const secrets = {
    AUTH_TOKEN_KEYS: `local-1:${randomBytes(32).toString('hex')}`,
    APP_HMAC_SECRET: randomBytes(32).toString('hex'),
  };
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The seeded shops as the seed reported them, looked up again on later starts. */
async function seededShops(url: string): Promise<SeedResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; handle: string; name: string }>(
      "select id, handle, name from shops where handle in ('aurora', 'pantry')",
    );
    const shop = (handle: string) => {
      const row = rows.find((r) => r.handle === handle);
      if (!row) throw new Error(`the demo shop '${handle}' is missing; remove .data/ to reseed`);
      return { ...row, apiKey: '' };
    };
    return { demo: { ...shop('aurora'), apiKey: DEMO_API_KEY }, second: shop('pantry') };
  } finally {
    await client.end();
  }
}

async function waitForHealth(child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('wrangler dev exited during start-up');
    try {
      const res = await fetch(`${API_BASE}/settings/health`, {
        headers: { 'x-api-key': DEMO_API_KEY },
      });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the worker did not become healthy in time');
}

function startWrangler(envFile: string): ChildProcess {
  const wrangler = path.resolve('node_modules/wrangler/bin/wrangler.js');
  // Its own process group, so stopping it also stops the workerd it starts.
  return spawn(
    process.execPath,
    [
      wrangler,
      'dev',
      '--local',
      '--ip',
      '127.0.0.1',
      '--port',
      String(PORT),
      '--persist-to',
      PERSIST_TO,
      '--env-file',
      envFile,
      '--show-interactive-dev-session=false',
    ],
    {
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
    },
  );
}

async function stopProcessGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

async function main() {
  await mkdir(DATA_DIR, { recursive: true });
  console.log('Starting Postgres and the local stand-ins…');
  const stack: LocalStack = await startLocalStack({
    mode: 'dev',
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    mailSinkPort: MAIL_PORT,
    dataDir: path.join(DATA_DIR, 'postgres'),
  });
  let wrangler: ChildProcess | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (wrangler) await stopProcessGroup(wrangler);
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    let shops: SeedResult;
    if (await hasNoShops(stack.databaseUrl)) {
      console.log('Seeding the demo shop…');
      shops = await seedDemo(stack.databaseUrl);
    } else {
      shops = await seededShops(stack.databaseUrl);
    }
    await writeLocalObjects(PERSIST_TO, demoObjects(shops));

    const envFile = path.join(DATA_DIR, 'dev.env');
    const vars = { ...stack.bindings, ...(await localSecrets()) };
    await writeFile(
      envFile,
      Object.entries(vars)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
      { mode: 0o600 },
    );

    wrangler = startWrangler(envFile);
    wrangler.on('exit', (code) => void shutdown(code ?? 1));
    await waitForHealth(wrangler);
    console.log(
      [
        '',
        'Storefront API is running.',
        `  API base URL:   ${API_BASE}`,
        `  Demo shop key:  ${DEMO_API_KEY}   (send it as the x-api-key header)`,
        `  Merchant key:   ${DEMO_MERCHANT_KEY}   (Authorization: Bearer, at http://127.0.0.1:${PORT}/admin/api/v1)`,
        `  Mail sink:      ${stack.mailSinkUrl}   (sign-in codes and other emails land here)`,
        `  API docs:       http://127.0.0.1:${PORT}/docs`,
        `  Try:            curl -H 'x-api-key: ${DEMO_API_KEY}' ${API_BASE}/settings/health`,
        '',
        'Press Ctrl-C to stop everything.',
      ].join('\n'),
    );
  } catch (error) {
    console.error(error);
    await shutdown(1);
  }
}

await main();

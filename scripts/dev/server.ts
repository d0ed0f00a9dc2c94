/**
 * The processes behind `npm run dev`: a real Postgres (embedded unless DATABASE_URL is set),
 * the local stand-ins, the demo seed on an empty database, and the worker served by
 * Miniflare straight from workerd. scripts/dev.ts starts this file in a process group of its
 * own and stops it; run alone it works the same, stopped with Ctrl-C.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, watch } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { hasNoShops, type LocalStack, type StackStep, startLocalStack } from '../local/stack';
import { buildTheme, themeWorker } from '../local/theme';
import { type BuiltWorker, buildWorker, type ServedWorker, serveWorker } from '../local/worker';
import { demoObjects, type SeedResult, seedDemo } from '../seed';
import { DEMO_API_KEY, DEMO_MERCHANT_KEY } from '../seed/keys';
import { DEMO_OWNER_EMAIL } from '../seed/staff';
import { runUntilStopped } from './lifecycle';
import { createProgress, type Progress } from './progress';
import { describeShop, summarizeShop } from './summary';

const DATA_DIR = path.resolve(process.env.DEV_DATA_DIR ?? '.data');
const PERSIST_TO = path.join(DATA_DIR, 'wrangler');
const BUILD_DIR = path.join(DATA_DIR, 'worker');
/** Where the running stack's addresses are written for `npm run shop` and a user's own tools. */
const DEV_ENV = path.join(DATA_DIR, 'dev.env');
const PORT = Number(process.env.PORT ?? 8787);
const MAIL_PORT = Number(process.env.MAIL_PORT ?? 8025);
const THEME_PORT = Number(process.env.THEME_PORT ?? 8788);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const API_BASE = `${ORIGIN}/access/api/v1`;
/** A path as short as it can be said: relative to the working directory when inside it. */
const shown = (p: string) => {
  const relative = path.relative('.', p);
  return relative && !relative.startsWith('..') ? relative : p;
};
/** Set by scripts/dev.ts: this process then ends when its parent's pipe closes. */
const SUPERVISED = process.argv.includes('--supervised');

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

const STACK_STEPS: Record<StackStep, string> = {
  postgres: 'Postgres',
  migrations: 'Migrations',
  'stand-ins': 'Local stand-ins (Neon HTTP and WebSocket, mail sink, payments)',
};

// Kept as promises, so a stop during start-up still stops what is half started.
let stackStarting: Promise<LocalStack> | undefined;
let workerStarting: Promise<ServedWorker> | undefined;
let stopWatching: (() => void) | undefined;

/** Stops everything this process started, in reverse order. */
async function stopEverything() {
  stopWatching?.();
  await rm(DEV_ENV, { force: true });
  const worker = await workerStarting?.catch(() => undefined);
  await worker?.stop().catch((error: unknown) => console.error('stopping the worker:', error));
  const stack = await stackStarting?.catch(() => undefined);
  await stack?.stop().catch((error: unknown) => console.error('stopping the stack:', error));
}

function startStack(progress: Progress) {
  const dataDir = path.join(DATA_DIR, 'postgres');
  const notes: Record<StackStep, string | undefined> = {
    postgres: process.env.DATABASE_URL
      ? 'the server in DATABASE_URL'
      : existsSync(path.join(dataDir, 'PG_VERSION'))
        ? `embedded, ${shown(dataDir)}`
        : `embedded; first start, creating the cluster in ${shown(dataDir)}`,
    migrations: undefined,
    'stand-ins': undefined,
  };
  let finish: ((detail?: string) => void) | undefined;
  return startLocalStack({
    mode: 'dev',
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    mailSinkPort: MAIL_PORT,
    dataDir,
    onNote: (note) => console.log(`  ! ${note}`),
    onStep: (step) => {
      finish?.();
      finish = progress.step(STACK_STEPS[step], notes[step]);
    },
  }).then((started) => {
    finish?.();
    return started;
  });
}

/** Rebuilds and reloads the worker when a file under src/ changes. */
function watchSources(onChange: () => Promise<void>): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const watcher = watch(path.resolve('src'), { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(onChange);
    }, 300);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}

async function main() {
  await mkdir(DATA_DIR, { recursive: true });
  await rm(BUILD_DIR, { recursive: true, force: true });
  console.log(`Starting the storefront API locally (data in ${shown(DATA_DIR)}/)`);
  const progress = createProgress();

  // The bundle does not depend on the database: build it while Postgres starts.
  const doneBuilding = progress.step('Worker bundle', 'wrangler deploy --dry-run, in parallel');
  let builds = 0;
  const nextBuild = () => buildWorker(path.join(BUILD_DIR, String(++builds)));
  const firstBuild = nextBuild().then((built) => {
    doneBuilding(`${built.modules.length} modules in ${shown(built.dir)}`);
    return built;
  });
  firstBuild.catch(() => undefined);
  const themeBuild = buildTheme(path.join(DATA_DIR, 'theme'));
  themeBuild.catch(() => undefined);

  stackStarting = startStack(progress);
  const stack = await stackStarting;
  let shops: SeedResult;
  if (await hasNoShops(stack.databaseUrl)) {
    const done = progress.step('Demo shop', 'seeding the empty database');
    shops = await seedDemo(stack.databaseUrl);
    done('Aurora Outfitters and Nordic Pantry');
  } else {
    shops = await seededShops(stack.databaseUrl);
  }
  const bindings: Record<string, string> = {
    ...stack.bindings,
    ...(await localSecrets()),
    DASHBOARD_ORIGIN: ORIGIN,
  };
  let built: BuiltWorker = await firstBuild;
  const doneServing = progress.step(
    'Worker',
    'workerd through Miniflare, demo images into local R2',
  );
  const themeOptions = {
    port: THEME_PORT,
    storefrontKey: DEMO_API_KEY,
    apiOrigin: ORIGIN,
    visitorSecret: stack.bindings.VISITOR_ADDRESS_SECRET,
  };
  const extraWorkers = [themeWorker(await themeBuild, themeOptions)];
  workerStarting = serveWorker({
    built,
    bindings,
    port: PORT,
    persistTo: PERSIST_TO,
    extraWorkers,
  });
  const worker = await workerStarting;
  // The demo's images and files, rebuilt from the seed data on every start.
  await worker.putObjects('STORAGE', demoObjects(shops));
  const health = await fetch(`${API_BASE}/settings/health`, {
    headers: { 'x-api-key': DEMO_API_KEY },
  });
  if (health.status !== 200) throw new Error(`the worker answered health with ${health.status}`);
  doneServing(ORIGIN);

  // DEV_WATCH=false keeps the worker as started (benchmarks, or sources edited elsewhere).
  if (process.env.DEV_WATCH !== 'false')
    stopWatching = watchSources(async () => {
      const previous = built.dir;
      try {
        const done = progress.step('Worker', 'src/ changed, rebuilding');
        built = await nextBuild();
        await worker.reload(built);
        done();
        await rm(previous, { recursive: true, force: true });
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
      }
    });

  await writeFile(
    DEV_ENV,
    [
      '# The running `npm run dev` (removed when it stops). `npm run shop` reads it;',
      '# `set -a; . .data/dev.env; set +a` puts it into a shell.',
      `DATABASE_URL=${stack.databaseUrl}`,
      `PORT=${PORT}`,
      `MAIL_PORT=${MAIL_PORT}`,
      `WORKER_URL=${ORIGIN}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  const summary = describeShop(await summarizeShop(stack.databaseUrl, shops.demo.id));
  console.log(
    [
      '',
      'Storefront API is running.',
      `  Storefront:     http://127.0.0.1:${THEME_PORT}   (the reference theme, apps/theme)`,
      `  API base URL:   ${API_BASE}`,
      `  Demo shop key:  ${DEMO_API_KEY}   (send it as the x-api-key header)`,
      `  Merchant key:   ${DEMO_MERCHANT_KEY}   (Authorization: Bearer, at ${ORIGIN}/admin/api/v1)`,
      `  Mail sink:      ${stack.mailSinkUrl}   (sign-in codes land here; JSON at ${stack.mailSinkUrl}/api/emails)`,
      `  API reference:  ${ORIGIN}/docs   (merchant API: ${ORIGIN}/admin/docs)`,
      `  Database:       ${stack.databaseUrl}   (also in ${shown(DEV_ENV)}, read by npm run shop)`,
      `  Dashboard:      ${ORIGIN}/admin   (sign in as ${DEMO_OWNER_EMAIL}; the code arrives in the mail sink)`,
      `  Sign in:        npm run signin -- demo@aurora.example   (prints a customer token)`,
      '',
      `Demo shop: ${summary.join('\n')}`,
      '',
      `Try: curl -H 'x-api-key: ${DEMO_API_KEY}' '${API_BASE}/products?limit=3'`,
      'Press Ctrl-C to stop everything.',
    ].join('\n'),
  );
}

runUntilStopped({ main, stop: stopEverything, supervised: SUPERVISED });

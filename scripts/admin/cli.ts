/**
 * `npm run shop -- <command>`: provisions shops and storefront keys in DATABASE_URL's database.
 *   create --name "My Shop" --handle my-shop [--domain shop.example.com] [--currency EUR] [--digits 2] [--status active]
 *   key    --handle my-shop [--name theme]     issue another key
 *   revoke --handle my-shop --prefix sf_live_Ab  revoke keys by prefix
 *   status --handle my-shop --status active     open or close a shop
 *   merchant-key create --handle my-shop --name CI --scopes catalogue:write,orders:read [--rate-limit 600]
 *   merchant-key list [--handle my-shop]
 *   merchant-key revoke --prefix sk_live_Ab3x [--handle my-shop]
 *   staff invite --handle my-shop --email a@b.c [--role owner] [--url http://127.0.0.1:8787]   prints the invite link
 *   import --handle my-shop products.csv [--dry-run] [--key sk_…] [--url http://127.0.0.1:8787]   a Shopify product CSV, through the running worker
 *   help
 * The database is DATABASE_URL's, else the running `npm run dev`'s (written to .data/dev.env);
 * `import` talks HTTP only (the worker at --url, WORKER_URL, or 127.0.0.1 on PORT).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as s from '../../src/db/schema';
import { runImport } from './import';
import { runMerchantKey } from './merchant-keys';
import { createShop, issueApiKey, revokeApiKeys, setShopStatus } from './shops';
import { type MailTarget, runStaff } from './staff';

type ShopStatus = (typeof s.shopStatus.enumValues)[number];

const statusOf = (value: string | undefined): ShopStatus | undefined => {
  if (value === undefined) return undefined;
  const status = s.shopStatus.enumValues.find((v) => v === value);
  if (!status) throw new Error(`--status must be one of ${s.shopStatus.enumValues.join(', ')}`);
  return status;
};

const required = (value: string | undefined, flag: string) => {
  if (!value) throw new Error(`${flag} is required`);
  return value;
};

const USAGE = `npm run shop -- <command>
  create --name "My Shop" --handle my-shop [--domain shop.example.com] [--currency EUR] [--digits 2] [--status active]
  key    --handle my-shop [--name theme]          issue another storefront key
  revoke --handle my-shop --prefix sf_live_Ab     revoke storefront keys by prefix
  status --handle my-shop --status active         open or close a shop
  merchant-key create --handle my-shop --name CI --scopes catalogue:write,orders:read [--rate-limit 600]
  merchant-key list [--handle my-shop]
  merchant-key revoke --prefix sk_live_Ab3x [--handle my-shop]
  staff invite --handle my-shop --email a@b.c [--role owner] [--url http://127.0.0.1:8787]
  import --handle my-shop products.csv [--dry-run] [--key sk_…] [--url http://127.0.0.1:8787]
  help

The database is DATABASE_URL's, else the running npm run dev's (.data/dev.env).
import talks HTTP only: to --url, WORKER_URL, or 127.0.0.1 on PORT (the running npm run dev's).`;

/** What the running `npm run dev` wrote of itself (scripts/dev/server.ts), if it runs. */
export function devEnv(dataDir = process.env.DEV_DATA_DIR ?? '.data'): Record<string, string> {
  const file = path.resolve(dataDir, 'dev.env');
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/**
 * Where the CLI finds the database, the worker and the mail provider: the environment
 * first (RESEND_API_KEY, RESEND_BASE_URL), then npm run dev (its mail sink).
 */
export function targets(env: NodeJS.ProcessEnv = process.env) {
  const dev = devEnv(env.DEV_DATA_DIR);
  const workerUrl =
    env.WORKER_URL ??
    (env.PORT ? `http://127.0.0.1:${env.PORT}` : (dev.WORKER_URL ?? 'http://127.0.0.1:8787'));
  const mail: MailTarget | null = env.RESEND_API_KEY
    ? { apiKey: env.RESEND_API_KEY, baseUrl: env.RESEND_BASE_URL, from: env.MAIL_FROM }
    : dev.MAIL_PORT
      ? { apiKey: 're_local_development', baseUrl: `http://127.0.0.1:${dev.MAIL_PORT}` }
      : null;
  return { databaseUrl: env.DATABASE_URL || dev.DATABASE_URL, workerUrl, mail };
}

export async function run(argv: string[], url: string, mail: MailTarget | null = null) {
  const [command, ...rest] = argv;
  if (command === 'merchant-key') return runMerchantKey(rest, url);
  if (command === 'staff') return runStaff(rest, url, mail);
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      handle: { type: 'string' },
      domain: { type: 'string' },
      currency: { type: 'string' },
      digits: { type: 'string' },
      status: { type: 'string' },
      prefix: { type: 'string' },
    },
  });
  const handle = required(values.handle, '--handle');
  switch (command) {
    case 'create': {
      const { shop, apiKey } = await createShop(url, {
        name: required(values.name, '--name'),
        handle,
        domain: values.domain,
        currency: values.currency,
        currencyDigits: values.digits === undefined ? undefined : Number(values.digits),
        status: statusOf(values.status),
      });
      return `Created ${shop.name} (${shop.id}), status ${shop.status}.\nStorefront key (shown once): ${apiKey}`;
    }
    case 'key': {
      const { apiKey } = await issueApiKey(url, handle, values.name);
      return `Storefront key (shown once): ${apiKey}`;
    }
    case 'revoke':
      return `Revoked ${await revokeApiKeys(url, handle, required(values.prefix, '--prefix'))} key(s).`;
    case 'status': {
      const status = statusOf(required(values.status, '--status'));
      const { announced } = status
        ? await setShopStatus(url, handle, status)
        : { announced: false };
      return announced
        ? `Shop ${handle} is now ${status}; storefront caches follow within 2 s.`
        : `Shop ${handle} is now ${status} (no UPSTASH_REDIS_REST_URL/_TOKEN: running workers see it within 60 s).`;
    }
    default:
      throw new Error('commands: create, key, revoke, status, merchant-key, staff, import');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const [command] = argv;
  const found = targets();
  try {
    if (!command || command === 'help' || command === '--help' || command === '-h') {
      console.log(USAGE);
    } else if (command === 'import') {
      console.log(await runImport(argv.slice(1), found));
    } else if (!found.databaseUrl) {
      console.error(
        'No database: set DATABASE_URL, or start npm run dev (it writes its database URL to .data/dev.env).',
      );
      process.exit(1);
    } else {
      console.log(await run(argv, found.databaseUrl, found.mail));
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

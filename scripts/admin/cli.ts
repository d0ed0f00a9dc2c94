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
 *   import --handle my-shop products.csv [--dry-run] [--url http://127.0.0.1:8787]   a Shopify product CSV, through the running worker
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as s from '../../src/db/schema';
import { runImport } from './import';
import { runMerchantKey } from './merchant-keys';
import { createShop, issueApiKey, revokeApiKeys, setShopStatus } from './shops';
import { runStaff } from './staff';

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

export async function run(argv: string[], url: string): Promise<string> {
  const [command, ...rest] = argv;
  if (command === 'merchant-key') return runMerchantKey(rest, url);
  if (command === 'import') return runImport(rest, url);
  if (command === 'staff') return runStaff(rest, url);
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
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required.');
    process.exit(1);
  }
  try {
    console.log(await run(process.argv.slice(2), url));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

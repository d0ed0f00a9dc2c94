import { parseArgs } from 'node:util';
import { and, desc, eq, isNull, like } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { auditRows, type Change } from '../../src/admin-kit/audit';
import * as s from '../../src/db/schema';
import {
  keyGenerationId,
  MERCHANT_KEY_LIVE,
  merchantKeyPrefix,
  newMerchantKey,
} from '../../src/identity/merchant-keys';
import {
  isMerchantScope,
  MERCHANT_SCOPES,
  normaliseScopes,
} from '../../src/identity/merchant-scopes';
import { toMerchantKey } from '../../src/modules/keys/service';
import { hashApiKey } from '../seed/keys';
import { announceGeneration } from './shops';

type AdminDb = NodePgDatabase<typeof s>;

/** The operator's changes are audited like the merchant's, with no key. */
const OPERATOR = { keyId: null, requestId: null };

async function withDb<T>(url: string, work: (db: AdminDb) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(drizzle(client, { schema: s }));
  } finally {
    await client.end();
  }
}

/** `catalogue:write,orders:read` → the scopes, or an error naming the unknown ones. */
export function parseScopes(value: string) {
  const list = value
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = list.filter((scope) => !isMerchantScope(scope));
  if (list.length === 0 || unknown.length > 0) {
    throw new Error(
      `--scopes takes a comma-separated list of: ${MERCHANT_SCOPES.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`,
    );
  }
  return normaliseScopes(list.filter(isMerchantScope));
}

function rateLimitOf(value: string | undefined): number | null {
  if (value === undefined) return null;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000)
    throw new Error('--rate-limit is a number of requests per minute, 1 to 100000');
  return limit;
}

type NewKey = { handle: string; name: string; scopes: string; rateLimit?: string | undefined };

/** Issues a merchant key; the secret is returned once and only its SHA-256 is stored. */
export async function createMerchantKey(url: string, input: NewKey) {
  const scopes = parseScopes(input.scopes);
  const rateLimit = rateLimitOf(input.rateLimit);
  const secret = newMerchantKey();
  const key = await withDb(url, (db) =>
    db.transaction(async (tx) => {
      const [shop] = await tx
        .select({ id: s.shops.id })
        .from(s.shops)
        .where(eq(s.shops.handle, input.handle));
      if (!shop) throw new Error(`no shop with handle '${input.handle}'`);
      const [row] = await tx
        .insert(s.merchantKeys)
        .values({
          shopId: shop.id,
          name: input.name,
          prefix: merchantKeyPrefix(secret),
          keyHash: hashApiKey(secret),
          scopes,
          rateLimit,
        })
        .returning();
      if (!row) throw new Error('the key was not created');
      const view = toMerchantKey(row);
      const change: Change = {
        action: 'create',
        resourceType: 'merchant_key',
        resourceId: row.id,
        before: null,
        after: view,
      };
      await tx.insert(s.auditEvents).values(auditRows(shop.id, OPERATOR, [change]));
      return view;
    }),
  );
  return { key, secret };
}

/** Every merchant key (of one shop, or of all), newest first, with its shop's handle. */
export async function listMerchantKeys(url: string, handle?: string) {
  return withDb(url, (db) =>
    db
      .select({ key: s.merchantKeys, handle: s.shops.handle })
      .from(s.merchantKeys)
      .innerJoin(s.shops, eq(s.shops.id, s.merchantKeys.shopId))
      .where(handle === undefined ? undefined : eq(s.shops.handle, handle))
      .orderBy(s.shops.handle, desc(s.merchantKeys.createdAt)),
  ).then((rows) => rows.map((r) => ({ handle: r.handle, ...toMerchantKey(r.key) })));
}

/**
 * Revokes the one live key starting with `prefix` (of the shop, when a handle is given).
 * A prefix matching several keys revokes none: give more characters.
 */
export async function revokeMerchantKey(url: string, prefix: string, handle?: string) {
  if (prefix.length <= MERCHANT_KEY_LIVE.length || !prefix.startsWith('sk_'))
    throw new Error(
      `give the key's first characters beyond '${MERCHANT_KEY_LIVE}', e.g. sk_live_Ab3x`,
    );
  const revoked = await withDb(url, (db) =>
    db.transaction(async (tx) => {
      const matches = await tx
        .select({ key: s.merchantKeys, handle: s.shops.handle })
        .from(s.merchantKeys)
        .innerJoin(s.shops, eq(s.shops.id, s.merchantKeys.shopId))
        .where(
          and(
            // Only the first 12 characters are stored; `_` is a LIKE wildcard, so it is escaped.
            like(s.merchantKeys.prefix, `${prefix.slice(0, 12).replaceAll(/[%_\\]/g, '\\$&')}%`),
            isNull(s.merchantKeys.revokedAt),
            handle === undefined ? undefined : eq(s.shops.handle, handle),
          ),
        )
        .for('update');
      const [match] = matches;
      if (!match) throw new Error(`no live merchant key starts with ${prefix}`);
      if (matches.length > 1)
        throw new Error(
          `${matches.length} live keys start with ${prefix}; give more characters or --handle`,
        );
      const [row] = await tx
        .update(s.merchantKeys)
        .set({ revokedAt: new Date() })
        .where(eq(s.merchantKeys.id, match.key.id))
        .returning();
      if (!row) throw new Error('the key vanished');
      const after = toMerchantKey(row);
      const change: Change = {
        action: 'revoke',
        resourceType: 'merchant_key',
        resourceId: row.id,
        before: toMerchantKey(match.key),
        after,
      };
      await tx.insert(s.auditEvents).values(auditRows(row.shopId, OPERATOR, [change]));
      return { handle: match.handle, shopId: row.shopId, ...after };
    }),
  );
  // Isolates' cached resolutions of the shop's keys are stamped with its key generation.
  const { shopId, ...key } = revoked;
  return { ...key, announced: await announceGeneration(keyGenerationId(shopId)) };
}

const table = (rows: string[][]) => {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

/** `npm run shop -- merchant-key create|list|revoke …` */
export async function runMerchantKey(argv: string[], url: string): Promise<string> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      handle: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      'rate-limit': { type: 'string' },
      prefix: { type: 'string' },
    },
  });
  switch (command) {
    case 'create': {
      if (!values.handle || !values.name || !values.scopes)
        throw new Error('merchant-key create needs --handle, --name and --scopes');
      const { key, secret } = await createMerchantKey(url, {
        handle: values.handle,
        name: values.name,
        scopes: values.scopes,
        rateLimit: values['rate-limit'],
      });
      return [
        `Created merchant key "${key.name}" (${key.id}) for ${values.handle}: ${key.scopes.join(', ')}; ${key.rate_limit} requests/minute.`,
        `Merchant key (shown once; send it as Authorization: Bearer): ${secret}`,
      ].join('\n');
    }
    case 'list': {
      const keys = await listMerchantKeys(url, values.handle);
      if (keys.length === 0) return 'No merchant keys.';
      return table([
        ['PREFIX', 'SHOP', 'NAME', 'SCOPES', 'LIMIT/MIN', 'CREATED', 'LAST USED', 'REVOKED'],
        ...keys.map((k) => [
          k.prefix,
          k.handle,
          k.name,
          k.scopes.join(','),
          String(k.rate_limit),
          k.created_at,
          k.last_used_at ?? '-',
          k.revoked_at ?? '-',
        ]),
      ]);
    }
    case 'revoke': {
      if (!values.prefix) throw new Error('merchant-key revoke needs --prefix');
      const key = await revokeMerchantKey(url, values.prefix, values.handle);
      const within = key.announced
        ? 'within about a second'
        : 'within 30 seconds (no UPSTASH_REDIS_REST_URL here to announce it at once)';
      return `Revoked merchant key ${key.prefix}… "${key.name}" of ${key.handle}; it stops working ${within}.`;
    }
    default:
      throw new Error('merchant-key commands: create, list, revoke');
  }
}

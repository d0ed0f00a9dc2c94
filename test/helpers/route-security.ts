import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import {
  ALL_SCOPES,
  MERCHANT_SCOPES,
  type MerchantScope,
} from '../../src/identity/merchant-scopes';
import { call, expectError } from './api';
import { testDb } from './db';
import { createMerchantKey, type TestMerchantKey } from './merchant';
import {
  areaOf,
  bearer,
  createFixtures,
  expectNoCors,
  expectOtherShopKeptOut,
  type Operation,
  operations,
  scopesLacking,
  sendOperation,
  sessionOperations,
} from './route-table';
import { describeSessionChecks } from './session-security';
import { createTestShop, type TestShop } from './shop-factory';

/**
 * The keys and objects one operation is tried with; one world per operation, since a call
 * with the full key may change or delete what it names. It holds only what the operation's
 * checks use: the object its path names (and those checked unchanged), and of the keys
 * lacking a scope, the one lacking the operation's.
 */
type World = {
  victim: TestShop;
  fixtures: Record<string, string>;
  otherShopKey: TestMerchantKey;
  keysLacking: Map<MerchantScope, TestMerchantKey>;
  readOnly: TestMerchantKey;
  revoked: TestMerchantKey;
  full: TestMerchantKey;
};

async function createWorld(op: Operation): Promise<World> {
  const victim = await createTestShop();
  const fixtures = await createFixtures(victim, op);
  const keysLacking = new Map<MerchantScope, TestMerchantKey>();
  if (op.scope) {
    keysLacking.set(op.scope, await createMerchantKey(victim, { scopes: scopesLacking(op.scope) }));
  }
  const revoked = await createMerchantKey(victim);
  await testDb()
    .update(s.merchantKeys)
    .set({ revokedAt: new Date() })
    .where(eq(s.merchantKeys.id, revoked.id));
  return {
    victim,
    fixtures,
    otherShopKey: await createMerchantKey(await createTestShop()),
    keysLacking,
    readOnly: await createMerchantKey(victim, {
      scopes: MERCHANT_SCOPES.filter((scope) => scope.endsWith(':read')),
    }),
    revoked,
    full: await createMerchantKey(victim, { scopes: ALL_SCOPES }),
  };
}

/**
 * Every check of one operation against its route's security, for the operations of
 * `areas`, with the credential given: keys (no key, bad keys, the storefront key, missing
 * scopes, another shop's key, CORS) or staff sessions (see describeSessionChecks). One
 * table, the merchant API's registry, feeds both.
 */
export function describeRouteSecurity(
  areas: readonly string[],
  credential: 'key' | 'session' = 'key',
) {
  if (credential === 'session') {
    describeSessionChecks(sessionOperations.filter((op) => areas.includes(areaOf(op))));
    return;
  }
  const covered = operations.filter((op) => areas.includes(areaOf(op)));
  describe.each(covered)('$method $path ($name, $scope)', (op) => {
    let w: World;

    beforeAll(async () => {
      w = await createWorld(op);
    });

    const send = (headers: Record<string, string>) => sendOperation(op, w.fixtures, headers);

    it('refuses a request without a key', async () => {
      expectError(await send({}), 401, 'MERCHANT_KEY_MISSING');
    });

    it('refuses a garbage, malformed or revoked key', async () => {
      for (const headers of [
        bearer(`sk_live_${crypto.randomUUID()}`),
        bearer('not-a-key'),
        { authorization: 'Basic c2tfbGl2ZV94eXo6' },
        bearer(w.revoked.secret),
      ]) {
        expectError(await send(headers), 401, 'MERCHANT_KEY_INVALID');
      }
    });

    it("refuses the shop's storefront key, as a bearer or as x-api-key", async () => {
      expectError(await send(bearer(w.victim.apiKey)), 401, 'STOREFRONT_KEY_NOT_ALLOWED');
      expectError(await send({ 'x-api-key': w.victim.apiKey }), 401, 'STOREFRONT_KEY_NOT_ALLOWED');
    });

    it('refuses a key lacking the scope, and a read-only key on a write', async () => {
      if (!op.scope) return; // any key of the shop may call it
      const lacking = w.keysLacking.get(op.scope);
      if (!lacking) throw new Error(`no key for ${op.scope}`);
      expectError(await send(bearer(lacking.secret)), 403, 'MERCHANT_SCOPE_MISSING');
      if (op.method !== 'GET') {
        expectError(await send(bearer(w.readOnly.secret)), 403, 'MERCHANT_SCOPE_MISSING');
      }
    });

    it("never shows or changes this shop's objects to another shop's key", async () => {
      const res = await send(bearer(w.otherShopKey.secret));
      await expectOtherShopKeptOut(res, op, w.victim, w.fixtures);
    });

    it('sends no CORS headers, to a preflight or to a call from a browser origin', async () => {
      await expectNoCorsPreflight(op);
      const res = await send({ ...bearer(w.full.secret), origin: 'https://evil.example' });
      expect(res.status).toBeLessThan(500);
      expectNoCors(res.headers);
    });
  });
}

/** A preflight from a browser origin gets no CORS grant. */
export async function expectNoCorsPreflight(op: Operation) {
  const preflight = await call(`http://storefront.test${op.path}`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://evil.example',
      'access-control-request-method': op.method,
      'access-control-request-headers': 'authorization',
    },
  });
  expectNoCors(preflight.headers);
}

import { bumpGeneration } from '../../adapters/generations';
import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { MerchantContext, ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { merchantKeys } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import {
  DEFAULT_MERCHANT_RATE_LIMIT,
  keyGenerationId,
  merchantKeyPrefix,
  newMerchantKey,
} from '../../identity/merchant-keys';
import { grants, knownScopes, normaliseScopes } from '../../identity/merchant-scopes';
import { sha256Hex } from '../../lib/crypto';
import {
  insertKey,
  type KeyView,
  lockKeys,
  markRevoked,
  markRevokedMadeBy,
  selectKey,
  selectKeyPage,
} from './queries';
import type { MerchantKey, MerchantKeyCreate } from './schemas';

const TYPE = 'merchant_key';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getKey: ['MERCHANT_KEY_NOT_FOUND'],
  createKey: ['MERCHANT_SCOPE_MISSING', 'MERCHANT_KEY_INVALID'],
  revokeKey: ['MERCHANT_KEY_NOT_FOUND', 'MERCHANT_SCOPE_MISSING', 'MERCHANT_KEY_INVALID'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** A key as the merchant API (and the operator's CLI) shows it; never its secret or hash. */
export function toMerchantKey(row: KeyView): MerchantKey {
  return {
    id: row.id,
    object: TYPE,
    name: row.name,
    prefix: row.prefix,
    scopes: knownScopes(row.scopes),
    rate_limit: row.rateLimit ?? DEFAULT_MERCHANT_RATE_LIMIT,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_by_member_id: row.createdByMemberId,
  };
}

export async function listKeys(db: Db, shop: ShopContext, params: ListParams) {
  const page = await listPage(db, merchantKeys, shop.id, params, (keyset) =>
    selectKeyPage(db, keyset),
  );
  return { data: page.rows.map(toMerchantKey), hasMore: page.hasMore };
}

export async function getKey(db: Db, shop: ShopContext, id: string) {
  const row = await selectKey(db, shop.id, id);
  if (!row) throw new ApiError('MERCHANT_KEY_NOT_FOUND');
  return toMerchantKey(row);
}

/**
 * Key management trusts no cache: the calling key (a staff session is read live already) is
 * locked with the keys the write touches and must still be live, so a key revoked a moment
 * ago on another isolate can neither mint nor revoke keys. Returns the locked keys by id.
 */
async function lockLiveCaller(w: WriteScope, caller: MerchantContext, ids: string[]) {
  const locked = await lockKeys(w.tx, w.shop.id, caller.keyId ? [...ids, caller.keyId] : ids);
  if (caller.keyId && locked.get(caller.keyId)?.revokedAt !== null) {
    throw new ApiError('MERCHANT_KEY_INVALID');
  }
  return locked;
}

/**
 * Issues a key. A key grants only what the calling key holds itself (`x:write` lets it
 * grant `x:write` and `x:read`), so no key can mint a stronger one. The secret is in this
 * answer alone; only its SHA-256 is stored.
 */
export async function createKey(w: WriteScope, caller: MerchantContext, input: MerchantKeyCreate) {
  await lockLiveCaller(w, caller, []);
  const beyond = input.scopes.flatMap((scope, i) =>
    grants(caller.scopes, scope)
      ? []
      : [
          {
            field: `scopes.${i}`,
            message: `Your key does not hold ${scope}, so it cannot grant it.`,
          },
        ],
  );
  if (beyond.length > 0) throw new ApiError('MERCHANT_SCOPE_MISSING', { details: beyond });
  const secret = newMerchantKey();
  const row = await insertKey(w.tx, {
    shopId: w.shop.id,
    name: input.name,
    prefix: merchantKeyPrefix(secret),
    keyHash: await sha256Hex(secret),
    scopes: normaliseScopes(input.scopes),
    createdByMemberId: caller.actor.type === 'staff' ? caller.actor.id : null,
  });
  const key = toMerchantKey(row);
  await w.audit({
    action: 'create',
    resourceType: TYPE,
    resourceId: row.id,
    before: null,
    after: key,
  });
  return { ...key, secret: secret as string | null };
}

/**
 * Revokes a key; it stops working at once in this isolate and within the key generation's
 * freshness bound (about a second) everywhere. Revoking a revoked key changes nothing. As with creating one, a key
 * may only revoke keys holding nothing it does not hold itself: an `admin`-only key cannot
 * take the full-access key away from the merchant.
 */
export async function revokeKey(w: WriteScope, caller: MerchantContext, id: string) {
  const current = (await lockLiveCaller(w, caller, [id])).get(id);
  if (!current) throw new ApiError('MERCHANT_KEY_NOT_FOUND');
  const beyond = knownScopes(current.scopes).filter((scope) => !grants(caller.scopes, scope));
  if (beyond.length > 0) {
    throw new ApiError('MERCHANT_SCOPE_MISSING', {
      message: 'A key can only revoke keys holding no scope it lacks itself.',
      details: [
        { field: 'id', message: `The key holds ${beyond.join(', ')}, which your key does not.` },
      ],
    });
  }
  const before = toMerchantKey(current);
  if (current.revokedAt) return before;
  const after = toMerchantKey(await markRevoked(w.tx, w.shop.id, id));
  await w.audit({ action: 'revoke', resourceType: TYPE, resourceId: id, before, after });
  // Every isolate's cached keys of the shop are stale from now: the next request with any of
  // them is looked up again, and the revoked one refused.
  w.afterCommit(() => bumpGeneration(w.services, keyGenerationId(w.shop.id)));
  return after;
}

/**
 * Revokes every live key a staff member created from a session, when they are disabled or
 * removed: a key does not outlive its maker's access (docs/decisions/staff.md). Keys made with the
 * CLI or by another key are untouched. Returns the keys revoked, each audited.
 */
export async function revokeKeysMadeBy(w: WriteScope, memberId: string): Promise<MerchantKey[]> {
  const rows = await markRevokedMadeBy(w.tx, w.shop.id, memberId);
  const revoked = rows.map(toMerchantKey);
  for (const after of revoked) {
    const before = { ...after, revoked_at: null };
    await w.audit({ action: 'revoke', resourceType: TYPE, resourceId: after.id, before, after });
  }
  if (revoked.length > 0) {
    w.afterCommit(() => bumpGeneration(w.services, keyGenerationId(w.shop.id)));
  }
  return revoked;
}

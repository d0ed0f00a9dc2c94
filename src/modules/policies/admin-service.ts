import { unchanged } from '../../admin-kit/audit';
import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { type PolicyType, policies } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import {
  deletePolicy,
  insertPolicy,
  lockPolicy,
  type PolicyRow,
  selectPolicyPage,
  selectPolicyRow,
  updatePolicy,
} from './admin-queries';
import type { MerchantPolicy, PolicySet } from './admin-schemas';

const TYPE = 'policy';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getPolicy: ['POLICY_NOT_FOUND'],
  setPolicy: [],
  deletePolicy: ['POLICY_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

export function toPolicy(row: PolicyRow): MerchantPolicy {
  return {
    id: row.id,
    object: TYPE,
    type: row.type,
    title: row.title,
    body: row.content,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listPolicies(db: Db, shop: ShopContext, params: ListParams) {
  const page = await listPage(db, policies, shop.id, params, (keyset) =>
    selectPolicyPage(db, keyset),
  );
  return { data: page.rows.map(toPolicy), hasMore: page.hasMore };
}

export async function getPolicy(db: Db, shop: ShopContext, type: PolicyType) {
  const row = await selectPolicyRow(db, shop.id, type);
  if (!row) throw new ApiError('POLICY_NOT_FOUND');
  return toPolicy(row);
}

/**
 * Sets the policy of `type`: creates it, or replaces its title and body. With If-Match, a
 * policy not yet set has version 0 (so `"0"` means "only if it does not exist yet").
 */
export async function setPolicy(w: WriteScope, type: PolicyType, input: PolicySet) {
  const values = { title: input.title, content: input.body };
  let current = await lockPolicy(w.tx, w.shop.id, type);
  if (!current) {
    w.expectVersion(0);
    const created = await insertPolicy(w.tx, w.shop.id, { type, ...values });
    if (created) {
      const after = toPolicy(created);
      await w.audit({
        action: 'create',
        resourceType: TYPE,
        resourceId: created.id,
        before: null,
        after,
      });
      return after;
    }
    current = await lockPolicy(w.tx, w.shop.id, type);
    if (!current) throw new Error('a policy was neither inserted nor found');
  }
  w.expectVersion(current.version);
  const before = toPolicy(current);
  if (unchanged(before, toPolicy({ ...current, ...values }))) return before;
  const after = toPolicy(await updatePolicy(w.tx, w.shop.id, type, values));
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: after.id, before, after });
  return after;
}

/** Clears a policy: the storefront answers POLICY_NOT_FOUND for it and lists it no more. */
export async function removePolicy(w: WriteScope, type: PolicyType) {
  const current = await lockPolicy(w.tx, w.shop.id, type);
  if (!current) throw new ApiError('POLICY_NOT_FOUND');
  w.expectVersion(current.version);
  await deletePolicy(w.tx, w.shop.id, type);
  await w.audit({
    action: 'delete',
    resourceType: TYPE,
    resourceId: current.id,
    before: toPolicy(current),
    after: null,
  });
  return { id: current.id, object: TYPE, deleted: true as const };
}

import type { MerchantActor } from '../app-env';
import type { Db, Tx } from '../db/client';
import { auditEvents } from '../db/schema';

/** What a write did to one resource. */
export type AuditAction = 'create' | 'update' | 'delete' | 'revoke';

/** A resource as the merchant API shows it (snake_case fields). */
export type Resource = Record<string, unknown>;

/**
 * One change to one resource, shown as the API shows the resource: `before` is null for
 * a create, `after` is null for a delete.
 */
export type Change = {
  action: AuditAction;
  resourceType: string;
  resourceId: string;
  before: Resource | null;
  after: Resource | null;
};

/**
 * Who made a change: a merchant key, or a staff member (`staffMemberId`), within a request;
 * neither for the operator's CLI. `label` names them as they were then (a staff email, or a
 * key's name and prefix); `name` is the name people know them by (a staff member's name, or
 * the key's name).
 */
export type Actor = {
  keyId: string | null;
  requestId: string | null;
  staffMemberId?: string | null;
  label?: string | null;
  name?: string | null;
};

/** The audit actor of a request's merchant credential. */
export function actorOf(
  merchant: { keyId: string | null; actor: MerchantActor },
  requestId: string | null,
): Actor {
  const { actor } = merchant;
  return actor.type === 'key'
    ? { keyId: actor.id, requestId, label: `${actor.name} (${actor.prefix})`, name: actor.name }
    : {
        keyId: null,
        requestId,
        staffMemberId: actor.id,
        label: actor.email,
        name: actor.name || null,
      };
}

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** Bookkeeping fields every resource carries; a change to them alone is no change. */
const BOOKKEEPING = new Set(['id', 'object', 'version', 'created_at', 'updated_at']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ between two views of a resource, each with its before and after. */
export function diffOf(before: Resource | null, after: Resource | null): FieldChanges {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChanges = {};
  for (const field of fields) {
    if (BOOKKEEPING.has(field)) continue;
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (!same(was, is)) changes[field] = { before: was, after: is };
  }
  return changes;
}

/** Whether two views of a resource differ in nothing but bookkeeping (a no-op write). */
export const unchanged = (before: Resource, after: Resource): boolean =>
  Object.keys(diffOf(before, after)).length === 0;

/** The audit rows of some changes (also written by the operator's CLI, with no key). */
export function auditRows(shopId: string, actor: Actor, changes: Change[]) {
  return changes.map((change) => ({
    shopId,
    keyId: actor.keyId,
    staffMemberId: actor.staffMemberId ?? null,
    actor: actor.label ?? null,
    actorName: actor.name ?? null,
    requestId: actor.requestId,
    action: change.action,
    resourceType: change.resourceType,
    resourceId: change.resourceId,
    changes: diffOf(change.before, change.after),
  }));
}

/**
 * Writes the audit records of some changes in one statement: in the write's own transaction,
 * or alone for an act that changes nothing else (an export).
 */
export async function recordAudit(
  tx: Db | Tx,
  shopId: string,
  actor: Actor,
  changes: Change[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(auditEvents).values(auditRows(shopId, actor, changes));
}

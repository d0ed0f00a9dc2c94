import { listPage } from '../../admin-kit/list';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { type AuditRow, selectAuditPage } from './queries';
import type { AuditEvent, AuditListQuery } from './schemas';

/**
 * Who made a change, named as a person reading the log knows them: a staff member by their
 * name now (or the name they had, once they are no longer a member), a key by its name, the
 * operator as the command line.
 */
export function performedBy(row: AuditRow): AuditEvent['performed_by'] {
  if (row.staffMemberId) {
    const gone = row.memberEmail === null;
    const email = row.memberEmail ?? row.actor;
    const name =
      (gone ? row.actorName : row.memberName || row.actorName) || email || 'A former member';
    return { type: 'staff', id: row.staffMemberId, name, email, removed: gone };
  }
  if (row.keyId) {
    const name = row.keyName ?? row.actorName ?? row.keyPrefix ?? row.keyId;
    return {
      type: 'key',
      id: row.keyId,
      name: `API key “${name}”`,
      email: null,
      removed: row.keyRevokedAt !== null,
    };
  }
  return { type: 'operator', id: null, name: 'Shop CLI', email: null, removed: false };
}

/** An audit record as the merchant API shows it. */
export function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    object: 'audit_event',
    action: row.action as AuditEvent['action'],
    resource_type: row.resourceType,
    resource_id: row.resourceId,
    key_id: row.keyId,
    key_prefix: row.keyPrefix,
    staff_member_id: row.staffMemberId,
    actor: row.actor ?? (row.keyPrefix ? row.keyPrefix : null),
    performed_by: performedBy(row),
    request_id: row.requestId,
    changes: row.changes,
    created_at: row.createdAt.toISOString(),
  };
}

/** The shop's audit log, newest first, filtered (the records themselves are written by admin-kit). */
export async function listAuditEvents(db: Db, shop: ShopContext, query: AuditListQuery) {
  const page = await listPage(db, auditEvents, shop.id, query, (keyset) =>
    selectAuditPage(db, keyset, query),
  );
  return { data: page.rows.map(toAuditEvent), hasMore: page.hasMore };
}

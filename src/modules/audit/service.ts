import { listPage } from '../../admin-kit/list';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { type AuditRow, selectAuditPage } from './queries';
import type { AuditEvent, AuditListQuery } from './schemas';

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

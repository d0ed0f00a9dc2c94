import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import type { Db } from '../../db/client';
import { auditEvents, merchantKeys, staffMembers, staffPeople } from '../../db/schema';
import type { AuditListQuery } from './schemas';

/**
 * An audit record with who made it as they are now: the key's prefix and name, and the staff
 * member's name and email while they are still a member of the shop.
 */
export type AuditRow = typeof auditEvents.$inferSelect & {
  keyPrefix: string | null;
  keyName: string | null;
  keyRevokedAt: Date | null;
  memberName: string | null;
  memberEmail: string | null;
};

/** The filters of GET /audit, each one only when given. */
function filtersOf(query: AuditListQuery): SQL[] {
  return [
    query.resource_type === undefined ? null : eq(auditEvents.resourceType, query.resource_type),
    query.resource_id === undefined ? null : eq(auditEvents.resourceId, query.resource_id),
    query.action === undefined ? null : eq(auditEvents.action, query.action),
    query.key_id === undefined ? null : eq(auditEvents.keyId, query.key_id),
    query.actor === undefined ? null : sql`lower(${auditEvents.actor}) = lower(${query.actor})`,
    query.staff_member_id === undefined
      ? null
      : eq(auditEvents.staffMemberId, query.staff_member_id),
    query.since === undefined ? null : gte(auditEvents.createdAt, new Date(query.since)),
    query.until === undefined ? null : lt(auditEvents.createdAt, new Date(query.until)),
  ].filter((condition): condition is SQL => condition !== null);
}

/**
 * One page of a shop's audit events with the key or the staff member that made each, in one
 * statement.
 */
export async function selectAuditPage(
  db: Db,
  keyset: Keyset,
  query: AuditListQuery,
): Promise<AuditRow[]> {
  const rows = await db
    .select({
      event: auditEvents,
      keyPrefix: merchantKeys.prefix,
      keyName: merchantKeys.name,
      keyRevokedAt: merchantKeys.revokedAt,
      memberName: staffPeople.name,
      memberEmail: staffPeople.email,
    })
    .from(auditEvents)
    .leftJoin(merchantKeys, eq(merchantKeys.id, auditEvents.keyId))
    .leftJoin(
      staffMembers,
      and(
        eq(staffMembers.id, auditEvents.staffMemberId),
        eq(staffMembers.shopId, auditEvents.shopId),
      ),
    )
    .leftJoin(staffPeople, eq(staffPeople.id, staffMembers.personId))
    .where(and(keyset.where, ...filtersOf(query)))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return rows.map(({ event, ...who }) => ({ ...event, ...who }));
}

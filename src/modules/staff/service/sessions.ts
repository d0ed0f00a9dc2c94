import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type ListParams, listPage } from '../../../admin-kit/list';
import type { StaffContext } from '../../../app-env';
import type { Db, Tx } from '../../../db/client';
import { staffSessions } from '../../../db/schema';
import { ApiError, type ErrorCode } from '../../../errors';
import { isUuid } from '../../../lib/uuid';

export const RAISES = {
  session: ['STAFF_SESSION_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** Ends every session of a person that works on this shop, at once. */
export const endShopSessions = (tx: Tx, shopId: string, personId: string) =>
  tx
    .update(staffSessions)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(staffSessions.shopId, shopId),
        eq(staffSessions.personId, personId),
        isNull(staffSessions.endedAt),
      ),
    );

/**
 * The sessions a session may see and end: the person's in any shop, or, for a session that
 * carries one shop alone (an accepted invite), the person's sessions on that shop.
 */
const ownSessions = (staff: StaffContext) =>
  and(
    eq(staffSessions.personId, staff.personId),
    staff.onlyShopId === null ? undefined : eq(staffSessions.shopId, staff.onlyShopId),
  );

/** A page of the signed-in person's live sessions (in any shop), newest first. */
export async function listOwnSessions(db: Db, staff: StaffContext, query: ListParams) {
  const page = await listPage(
    db,
    staffSessions,
    staff.personId,
    query,
    (keyset) =>
      db
        .select()
        .from(staffSessions)
        .where(
          and(
            keyset.where,
            ownSessions(staff),
            isNull(staffSessions.endedAt),
            sql`${staffSessions.expiresAt} > now()`,
          ),
        )
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    staffSessions.personId,
  );
  const data = page.rows.map((row) => ({
    object: 'staff_session' as const,
    id: row.id,
    current: row.id === staff.sessionId,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    user_agent: row.userAgent,
    ip_network: row.ipNetwork,
  }));
  return { data, hasMore: page.hasMore };
}

/** Ends one of the person's sessions (id) or all but the current one (no id). */
export async function endOwnSessions(db: Db, staff: StaffContext, id?: string) {
  if (id !== undefined && !isUuid(id)) throw new ApiError('STAFF_SESSION_NOT_FOUND');
  const ended = await db
    .update(staffSessions)
    .set({ endedAt: new Date() })
    .where(
      and(
        ownSessions(staff),
        isNull(staffSessions.endedAt),
        id === undefined ? ne(staffSessions.id, staff.sessionId) : eq(staffSessions.id, id),
      ),
    )
    .returning({ id: staffSessions.id });
  if (id !== undefined && ended.length === 0) throw new ApiError('STAFF_SESSION_NOT_FOUND');
}

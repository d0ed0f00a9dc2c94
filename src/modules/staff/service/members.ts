import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { listPage } from '../../../admin-kit/list';
import type { WriteScope } from '../../../admin-kit/write';
import type { MerchantContext, ShopContext } from '../../../app-env';
import type { Db, Tx } from '../../../db/client';
import { staffMembers, staffPeople, staffRoles, staffSessions } from '../../../db/schema';
import { ApiError, type ErrorCode } from '../../../errors';
import { roleRef, roleScopes } from '../../../identity/staff-roles';
import { isUuid } from '../../../lib/uuid';
import { revokeKeysMadeBy } from '../../keys/service';
import type { StaffListQuery, StaffMember } from '../schemas';
import { assertCanGrant, assertCanReach } from './grants';
import { findRole } from './roles';
import { endShopSessions } from './sessions';

export const RAISES = {
  member: ['STAFF_MEMBER_NOT_FOUND'],
  updateMember: [
    'STAFF_MEMBER_NOT_FOUND',
    'ROLE_NOT_FOUND',
    'LAST_OWNER',
    'MERCHANT_SCOPE_MISSING',
  ],
  removeMember: ['STAFF_MEMBER_NOT_FOUND', 'LAST_OWNER', 'MERCHANT_SCOPE_MISSING'],
  endSessions: ['STAFF_MEMBER_NOT_FOUND', 'MERCHANT_SCOPE_MISSING'],
} as const satisfies Record<string, readonly ErrorCode[]>;

const memberColumns = {
  id: staffMembers.id,
  email: staffPeople.email,
  name: staffPeople.name,
  status: staffMembers.status,
  createdAt: staffMembers.createdAt,
  lastSignInAt: staffMembers.lastSignInAt,
  version: staffMembers.version,
  personId: staffMembers.personId,
  role: {
    id: staffRoles.id,
    name: staffRoles.name,
    key: staffRoles.key,
    scopes: staffRoles.scopes,
  },
};

type MemberRow = {
  id: string;
  email: string;
  name: string;
  status: StaffMember['status'];
  createdAt: Date;
  lastSignInAt: Date | null;
  version: number;
  personId: string;
  role: { id: string; name: string; key: string | null; scopes: string[] };
};

export const toMember = (row: MemberRow): StaffMember => ({
  object: 'staff_member',
  id: row.id,
  email: row.email,
  name: row.name,
  role: roleRef(row.role),
  status: row.status,
  created_at: row.createdAt.toISOString(),
  last_sign_in_at: row.lastSignInAt === null ? null : row.lastSignInAt.toISOString(),
  version: row.version,
});

const selectMembers = (db: Db | Tx) =>
  db
    .select(memberColumns)
    .from(staffMembers)
    .innerJoin(staffPeople, eq(staffPeople.id, staffMembers.personId))
    .innerJoin(staffRoles, eq(staffRoles.id, staffMembers.roleId));

export async function listMembers(db: Db, shop: ShopContext, query: StaffListQuery) {
  const filters = [
    query.status ? eq(staffMembers.status, query.status) : undefined,
    query.role
      ? isUuid(query.role)
        ? eq(staffRoles.id, query.role)
        : eq(staffRoles.key, query.role)
      : undefined,
    query.q
      ? or(ilike(staffPeople.email, `%${query.q}%`), ilike(staffPeople.name, `%${query.q}%`))
      : undefined,
  ];
  const page = await listPage(db, staffMembers, shop.id, query, (keyset) =>
    selectMembers(db)
      .where(and(keyset.where, ...filters))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  return { data: page.rows.map(toMember), hasMore: page.hasMore };
}

async function findMember(db: Db | Tx, shopId: string, id: string, lock = false) {
  if (!isUuid(id)) return null;
  const query = selectMembers(db).where(
    and(eq(staffMembers.shopId, shopId), eq(staffMembers.id, id)),
  );
  const [row] = await (lock ? query.for('update', { of: staffMembers }) : query);
  return (row as MemberRow | undefined) ?? null;
}

export async function getMember(db: Db, shop: ShopContext, id: string) {
  const row = await findMember(db, shop.id, id);
  if (!row) throw new ApiError('STAFF_MEMBER_NOT_FOUND');
  return toMember(row);
}

/**
 * Refuses a change that would leave the shop without an active owner: the shop's owner
 * memberships are locked first, so two owners demoting each other at once cannot both win.
 */
async function assertOwnerRemains(tx: Tx, shopId: string, leaving: string) {
  const owners = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .innerJoin(staffRoles, eq(staffRoles.id, staffMembers.roleId))
    .where(
      and(
        eq(staffMembers.shopId, shopId),
        eq(staffRoles.key, 'owner'),
        eq(staffMembers.status, 'active'),
      ),
    )
    .for('update', { of: staffMembers });
  if (!owners.some((o) => o.id !== leaving)) throw new ApiError('LAST_OWNER');
}

const isActiveOwner = (m: MemberRow) => m.role.key === 'owner' && m.status === 'active';

/**
 * PATCH /staff/{id}: a new role (from the next request) or a status (disabling ends sessions
 * and revokes the keys the member created).
 */
export async function updateMember(
  w: WriteScope,
  caller: MerchantContext,
  id: string,
  input: { role_id?: string; status?: 'active' | 'disabled' },
) {
  const current = await findMember(w.tx, w.shop.id, id, true);
  if (!current) throw new ApiError('STAFF_MEMBER_NOT_FOUND');
  w.expectVersion(current.version);
  assertCanGrant(caller, roleScopes(current.role));
  const role = input.role_id ? await findRole(w.tx, w.shop.id, input.role_id) : null;
  if (input.role_id && !role) throw new ApiError('ROLE_NOT_FOUND');
  if (role) assertCanGrant(caller, roleScopes(role));
  const status = input.status && current.status !== 'invited' ? input.status : current.status;
  const demoted = role !== null && role.key !== 'owner';
  if (isActiveOwner(current) && (demoted || status === 'disabled')) {
    await assertOwnerRemains(w.tx, w.shop.id, current.id);
  }
  await w.tx
    .update(staffMembers)
    .set({
      roleId: role?.id ?? current.role.id,
      status,
      version: sql`${staffMembers.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(staffMembers.id, current.id));
  if (status === 'disabled') await endShopSessions(w.tx, w.shop.id, current.personId);
  const revokedKeys = status === 'disabled' ? await revokeKeysMadeBy(w, current.id) : [];
  const after = await findMember(w.tx, w.shop.id, id);
  if (!after) throw new ApiError('STAFF_MEMBER_NOT_FOUND');
  const [before, now] = [toMember(current), toMember(after)];
  await w.audit({
    action: 'update',
    resourceType: 'staff_member',
    resourceId: id,
    before,
    after: now,
  });
  return { ...now, revoked_keys: revokedKeys };
}

/**
 * DELETE /staff/{id}: the membership goes, with its invites; its sessions end at once and
 * the keys the member created are revoked (the answer lists them).
 */
export async function removeMember(w: WriteScope, caller: MerchantContext, id: string) {
  const current = await findMember(w.tx, w.shop.id, id, true);
  if (!current) throw new ApiError('STAFF_MEMBER_NOT_FOUND');
  w.expectVersion(current.version);
  assertCanGrant(caller, roleScopes(current.role));
  if (isActiveOwner(current)) await assertOwnerRemains(w.tx, w.shop.id, current.id);
  await endShopSessions(w.tx, w.shop.id, current.personId);
  const revokedKeys = await revokeKeysMadeBy(w, current.id);
  await w.tx.delete(staffMembers).where(eq(staffMembers.id, current.id));
  await w.audit({
    action: 'delete',
    resourceType: 'staff_member',
    resourceId: id,
    before: toMember(current),
    after: null,
  });
  return {
    id,
    object: 'staff_member' as const,
    deleted: true as const,
    revoked_keys: revokedKeys,
  };
}

/**
 * DELETE /staff/{id}/sessions: signs the member out of this shop everywhere; only a caller
 * holding every scope of the member's role may (403 MERCHANT_SCOPE_MISSING).
 */
export async function endMemberSessions(w: WriteScope, caller: MerchantContext, id: string) {
  const current = await findMember(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('STAFF_MEMBER_NOT_FOUND');
  assertCanReach(caller, roleScopes(current.role));
  const ended = await endShopSessions(w.tx, w.shop.id, current.personId).returning({
    id: staffSessions.id,
  });
  for (const session of ended) {
    await w.audit({
      action: 'revoke',
      resourceType: 'staff_session',
      resourceId: session.id,
      before: { staff_member_id: id },
      after: null,
    });
  }
  return { ended: ended.length };
}

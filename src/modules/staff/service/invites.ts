import { and, eq, isNull, sql } from 'drizzle-orm';
import { type ListParams, listPage } from '../../../admin-kit/list';
import type { WriteScope } from '../../../admin-kit/write';
import type { MerchantContext, ShopContext } from '../../../app-env';
import type { Db, Tx } from '../../../db/client';
import { staffInvites, staffMembers, staffPeople, staffRoles } from '../../../db/schema';
import { ApiError, type ErrorCode } from '../../../errors';
import { ensurePresetRoles, roleRef, roleScopes } from '../../../identity/staff-roles';
import { isUuid } from '../../../lib/uuid';
import { emailAfterCommit } from '../../mail/send';
import type { Invite } from '../schemas';
import { assertCanGrant, assertCanReach } from './grants';
import { inviteEmail, inviteLink, inviteStatus, newInviteToken } from './invite-links';
import { findRole } from './roles';

export const RAISES = {
  invite: ['ROLE_NOT_FOUND', 'STAFF_ALREADY_MEMBER', 'MERCHANT_SCOPE_MISSING'],
  inviteById: ['INVITE_NOT_FOUND', 'INVITE_NOT_PENDING', 'MERCHANT_SCOPE_MISSING'],
} as const satisfies Record<string, readonly ErrorCode[]>;

type InviteRow = typeof staffInvites.$inferSelect & {
  role: { id: string; name: string; key: string | null };
};

export const toInvite = (row: InviteRow): Invite => ({
  object: 'staff_invite',
  id: row.id,
  email: row.email,
  role: roleRef(row.role),
  status: inviteStatus(row),
  expires_at: row.expiresAt.toISOString(),
  created_at: row.createdAt.toISOString(),
  invited_by: row.invitedBy,
});

const selectInvites = (db: Db | Tx) =>
  db
    .select({
      invite: staffInvites,
      role: {
        id: staffRoles.id,
        name: staffRoles.name,
        key: staffRoles.key,
        scopes: staffRoles.scopes,
      },
    })
    .from(staffInvites)
    .innerJoin(staffRoles, eq(staffRoles.id, staffInvites.roleId));

export async function listInvites(db: Db, shop: ShopContext, query: ListParams) {
  const page = await listPage(db, staffInvites, shop.id, query, (keyset) =>
    selectInvites(db)
      .where(keyset.where)
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  return {
    data: page.rows.map((r) => toInvite({ ...r.invite, role: r.role })),
    hasMore: page.hasMore,
  };
}

/** Queues the invite email in the write's transaction and sends it once that commits. */
async function emailInvite(w: WriteScope, to: string, link: string, roleName: string) {
  await emailAfterCommit(w, [
    { shopId: w.shop.id, kind: 'staff-invite', to, ...inviteEmail(w.shop.name, link, roleName) },
  ]);
}

/**
 * Invites an email with a role: the person (new or known from another shop) gets a
 * membership in status `invited` and an emailed single-use link valid 7 days. Inviting an
 * email again replaces its pending invite. Used by POST /invites and the operator's CLI.
 */
export async function createInvite(
  w: WriteScope,
  input: {
    email: string;
    role_id: string;
    invitedBy: string;
    origin: string;
    caller: MerchantContext | null;
  },
) {
  await ensurePresetRoles(w.tx, w.shop.id);
  const role = await findRole(w.tx, w.shop.id, input.role_id);
  if (!role) throw new ApiError('ROLE_NOT_FOUND');
  if (input.caller) assertCanGrant(input.caller, roleScopes(role));
  await w.tx.insert(staffPeople).values({ email: input.email }).onConflictDoNothing();
  const [person] = await w.tx.select().from(staffPeople).where(eq(staffPeople.email, input.email));
  if (!person) throw new Error('the person was not stored');
  const [existing] = await w.tx
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.shopId, w.shop.id), eq(staffMembers.personId, person.id)))
    .for('update');
  if (existing && existing.status !== 'invited') throw new ApiError('STAFF_ALREADY_MEMBER');
  const member =
    existing ??
    (
      await w.tx
        .insert(staffMembers)
        .values({ shopId: w.shop.id, personId: person.id, roleId: role.id, status: 'invited' })
        .returning()
    )[0];
  if (!member) throw new Error('the member was not stored');
  if (existing) {
    await w.tx.update(staffMembers).set({ roleId: role.id }).where(eq(staffMembers.id, member.id));
    await w.tx
      .update(staffInvites)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(staffInvites.memberId, member.id),
          isNull(staffInvites.acceptedAt),
          isNull(staffInvites.revokedAt),
        ),
      );
  }
  const fresh = await newInviteToken();
  const [row] = await w.tx
    .insert(staffInvites)
    .values({
      shopId: w.shop.id,
      memberId: member.id,
      email: input.email,
      roleId: role.id,
      tokenHash: fresh.tokenHash,
      invitedBy: input.invitedBy,
      expiresAt: fresh.expiresAt,
    })
    .returning();
  if (!row) throw new Error('the invite was not stored');
  const link = inviteLink(input.origin, fresh.token);
  await emailInvite(w, input.email, link, role.name);
  const invite = toInvite({ ...row, role });
  await w.audit({
    action: 'create',
    resourceType: 'staff_invite',
    resourceId: row.id,
    before: null,
    after: invite,
  });
  return { invite, link };
}

/**
 * The invite of `id`, locked, while it can still change (409 once accepted or revoked), when
 * the caller holds every scope of its role (403 otherwise; null: the operator's CLI).
 */
async function lockPendingInvite(
  tx: Tx,
  shopId: string,
  id: string,
  caller: MerchantContext | null,
) {
  if (!isUuid(id)) throw new ApiError('INVITE_NOT_FOUND');
  const [row] = await selectInvites(tx)
    .where(and(eq(staffInvites.shopId, shopId), eq(staffInvites.id, id)))
    .for('update', { of: staffInvites });
  if (!row) throw new ApiError('INVITE_NOT_FOUND');
  if (caller) assertCanReach(caller, roleScopes(row.role));
  const current = { ...row.invite, role: row.role };
  const status = inviteStatus(current);
  if (status === 'accepted' || status === 'revoked') throw new ApiError('INVITE_NOT_PENDING');
  return current;
}

/** POST /invites/{id}/resend: a new link (the old one stops working) valid 7 days from now. */
export async function resendInvite(
  w: WriteScope,
  caller: MerchantContext | null,
  id: string,
  origin: string,
) {
  const current = await lockPendingInvite(w.tx, w.shop.id, id, caller);
  const fresh = await newInviteToken();
  const [row] = await w.tx
    .update(staffInvites)
    .set({
      tokenHash: fresh.tokenHash,
      expiresAt: fresh.expiresAt,
      updatedAt: new Date(),
      version: sql`${staffInvites.version} + 1`,
    })
    .where(eq(staffInvites.id, id))
    .returning();
  if (!row) throw new ApiError('INVITE_NOT_FOUND');
  await emailInvite(w, row.email, inviteLink(origin, fresh.token), current.role.name);
  const after = toInvite({ ...row, role: current.role });
  await w.audit({
    action: 'update',
    resourceType: 'staff_invite',
    resourceId: id,
    before: toInvite(current),
    after,
  });
  return after;
}

/**
 * DELETE /invites/{id}: the membership never accepted is deleted and its invites with it
 * (the link then names nothing: 404); the audit record keeps the revoked invite.
 */
export async function revokeInvite(w: WriteScope, caller: MerchantContext | null, id: string) {
  const current = await lockPendingInvite(w.tx, w.shop.id, id, caller);
  const [row] = await w.tx
    .update(staffInvites)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(eq(staffInvites.id, id))
    .returning();
  if (!row) throw new ApiError('INVITE_NOT_FOUND');
  await w.tx
    .delete(staffMembers)
    .where(and(eq(staffMembers.id, current.memberId), eq(staffMembers.status, 'invited')));
  const after = toInvite({ ...row, role: current.role });
  await w.audit({
    action: 'revoke',
    resourceType: 'staff_invite',
    resourceId: id,
    before: toInvite(current),
    after,
  });
  return after;
}

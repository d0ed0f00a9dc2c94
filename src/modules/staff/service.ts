import { and, count, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { AppEnv, MerchantContext, ShopContext } from '../../app-env';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  emailOutbox,
  shops,
  staffInvites,
  staffMembers,
  staffPeople,
  staffRoles,
  staffSessions,
} from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import { grants, type MerchantScope, normaliseScopes } from '../../identity/merchant-scopes';
import { ensurePresetRoles, isPresetRoleKey, roleScopes } from '../../identity/staff-roles';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { escapeHtml } from '../../lib/html';
import { isUuid } from '../../lib/uuid';
import { deliverAfterResponse } from '../mail/send';
import type { Invite, Role, StaffMember } from './schemas';

export const RAISES = {
  member: ['STAFF_MEMBER_NOT_FOUND'],
  updateMember: [
    'STAFF_MEMBER_NOT_FOUND',
    'ROLE_NOT_FOUND',
    'LAST_OWNER',
    'MERCHANT_SCOPE_MISSING',
  ],
  removeMember: ['STAFF_MEMBER_NOT_FOUND', 'LAST_OWNER', 'MERCHANT_SCOPE_MISSING'],
  invite: ['ROLE_NOT_FOUND', 'STAFF_ALREADY_MEMBER', 'MERCHANT_SCOPE_MISSING'],
  inviteById: ['INVITE_NOT_FOUND', 'INVITE_NOT_PENDING'],
  role: ['ROLE_NOT_FOUND'],
  createRole: ['ROLE_NAME_TAKEN', 'MERCHANT_SCOPE_MISSING'],
  updateRole: ['ROLE_NOT_FOUND', 'ROLE_NAME_TAKEN', 'ROLE_OWNER_LOCKED', 'MERCHANT_SCOPE_MISSING'],
  deleteRole: ['ROLE_NOT_FOUND', 'ROLE_PRESET', 'ROLE_IN_USE'],
  session: ['STAFF_SESSION_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** How long an invite link works. */
export const INVITE_TTL_DAYS = 7;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const roleRef = (r: { id: string; name: string; key: string | null }) => ({
  id: r.id,
  name: r.name,
  key: isPresetRoleKey(r.key) ? r.key : null,
});

/**
 * The scopes a caller may hand out: only what it holds itself, so nobody makes a role,
 * an invite or a member stronger than they are (the owner role takes every scope).
 */
function assertCanGrant(caller: MerchantContext, scopes: readonly MerchantScope[]) {
  const beyond = scopes.filter((scope) => !grants(caller.scopes, scope));
  if (beyond.length > 0) {
    throw new ApiError('MERCHANT_SCOPE_MISSING', {
      message: `You do not hold ${beyond.join(', ')}, so you cannot grant it.`,
    });
  }
}

// ---------------------------------------------------------------- members

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
  last_sign_in_at: iso(row.lastSignInAt),
  version: row.version,
});

const selectMembers = (db: Db | Tx) =>
  db
    .select(memberColumns)
    .from(staffMembers)
    .innerJoin(staffPeople, eq(staffPeople.id, staffMembers.personId))
    .innerJoin(staffRoles, eq(staffRoles.id, staffMembers.roleId));

export async function listMembers(
  db: Db,
  shop: ShopContext,
  query: { limit: number; status?: StaffMember['status']; role?: string; q?: string } & Record<
    string,
    unknown
  >,
) {
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
  const page = await listPage(db, staffMembers, shop.id, query as never, (keyset) =>
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

/** Ends every session of a person that works on this shop, at once. */
const endShopSessions = (tx: Tx, shopId: string, personId: string) =>
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

async function findRole(db: Db | Tx, shopId: string, id: string) {
  if (!isUuid(id)) return null;
  const [role] = await db
    .select()
    .from(staffRoles)
    .where(and(eq(staffRoles.shopId, shopId), eq(staffRoles.id, id)));
  return role ?? null;
}

/** PATCH /staff/{id}: a new role (from the next request) or a status (disabling ends sessions). */
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
  return now;
}

/** DELETE /staff/{id}: the membership goes, with its invites; its sessions end at once. */
export async function removeMember(w: WriteScope, caller: MerchantContext, id: string) {
  const current = await findMember(w.tx, w.shop.id, id, true);
  if (!current) throw new ApiError('STAFF_MEMBER_NOT_FOUND');
  w.expectVersion(current.version);
  assertCanGrant(caller, roleScopes(current.role));
  if (isActiveOwner(current)) await assertOwnerRemains(w.tx, w.shop.id, current.id);
  await endShopSessions(w.tx, w.shop.id, current.personId);
  await w.tx.delete(staffMembers).where(eq(staffMembers.id, current.id));
  await w.audit({
    action: 'delete',
    resourceType: 'staff_member',
    resourceId: id,
    before: toMember(current),
    after: null,
  });
  return { id, object: 'staff_member' as const, deleted: true as const };
}

/** DELETE /staff/{id}/sessions: signs the member out of this shop everywhere. */
export async function endMemberSessions(w: WriteScope, id: string) {
  const current = await findMember(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('STAFF_MEMBER_NOT_FOUND');
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

// ---------------------------------------------------------------- invites

type InviteRow = typeof staffInvites.$inferSelect & {
  role: { id: string; name: string; key: string | null };
};

export function inviteStatus(row: typeof staffInvites.$inferSelect, now = new Date()) {
  if (row.acceptedAt) return 'accepted' as const;
  if (row.revokedAt) return 'revoked' as const;
  if (row.expiresAt <= now) return 'expired' as const;
  return 'pending' as const;
}

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
      role: { id: staffRoles.id, name: staffRoles.name, key: staffRoles.key },
    })
    .from(staffInvites)
    .innerJoin(staffRoles, eq(staffRoles.id, staffInvites.roleId));

export async function listInvites(db: Db, shop: ShopContext, query: { limit: number }) {
  const page = await listPage(db, staffInvites, shop.id, query as never, (keyset) =>
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

/** The dashboard page an invite link opens. */
export const inviteLink = (origin: string, token: string) =>
  `${origin}/admin/invite?token=${encodeURIComponent(token)}`;

function inviteEmail(shopName: string, link: string, roleName: string) {
  const subject = `You are invited to run ${shopName}`;
  const text = `You are invited to join ${shopName} as ${roleName}.\n\nAccept within ${INVITE_TTL_DAYS} days: ${link}\n\nIf you did not expect this, ignore this email.`;
  const html = `<p>You are invited to join <strong>${escapeHtml(shopName)}</strong> as ${escapeHtml(roleName)}.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> within ${INVITE_TTL_DAYS} days.</p><p>If you did not expect this, ignore this email.</p>`;
  return { subject, text, html };
}

/** A fresh token and expiry for an invite; returns the token (the link), stores its hash. */
async function newInviteToken() {
  const token = randomToken(32);
  return {
    token,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000),
  };
}

async function queueInviteEmail(tx: Tx, shop: ShopContext, to: string, link: string, role: string) {
  const [queued] = await tx
    .insert(emailOutbox)
    .values({ shopId: shop.id, kind: 'staff-invite', to, ...inviteEmail(shop.name, link, role) })
    .returning({ id: emailOutbox.id });
  return queued ? [queued] : [];
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
  const queued = await queueInviteEmail(w.tx, w.shop, input.email, link, role.name);
  w.afterCommit(() => deliverAfterResponse(w.services, queued));
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

async function lockInvite(tx: Tx, shopId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await selectInvites(tx)
    .where(and(eq(staffInvites.shopId, shopId), eq(staffInvites.id, id)))
    .for('update', { of: staffInvites });
  return row ? { ...row.invite, role: row.role } : null;
}

/** POST /invites/{id}/resend: a new link (the old one stops working) valid 7 days from now. */
export async function resendInvite(w: WriteScope, id: string, origin: string) {
  const current = await lockInvite(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('INVITE_NOT_FOUND');
  const status = inviteStatus(current);
  if (status === 'accepted' || status === 'revoked') throw new ApiError('INVITE_NOT_PENDING');
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
  const queued = await queueInviteEmail(
    w.tx,
    w.shop,
    row.email,
    inviteLink(origin, fresh.token),
    current.role.name,
  );
  w.afterCommit(() => deliverAfterResponse(w.services, queued));
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

/** DELETE /invites/{id}: the link stops working; a membership never accepted goes with it. */
export async function revokeInvite(w: WriteScope, id: string) {
  const current = await lockInvite(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('INVITE_NOT_FOUND');
  const status = inviteStatus(current);
  if (status === 'accepted' || status === 'revoked') throw new ApiError('INVITE_NOT_PENDING');
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

/** An invite by the token of its link, with its shop and role (no authentication). */
export async function inviteByToken(db: Db | Tx, token: string, lock = false) {
  const query = db
    .select({
      invite: staffInvites,
      role: { id: staffRoles.id, name: staffRoles.name, key: staffRoles.key },
      shop: { id: shops.id, handle: shops.handle, name: shops.name },
    })
    .from(staffInvites)
    .innerJoin(staffRoles, eq(staffRoles.id, staffInvites.roleId))
    .innerJoin(shops, eq(shops.id, staffInvites.shopId))
    .where(eq(staffInvites.tokenHash, await sha256Hex(token)));
  const [row] = await (lock ? query.for('update', { of: staffInvites }) : query);
  if (!row) throw new ApiError('INVITE_NOT_FOUND');
  if (inviteStatus(row.invite) !== 'pending') throw new ApiError('INVITE_EXPIRED');
  return row;
}

export async function previewInvite(db: Db, token: string) {
  const row = await inviteByToken(db, token);
  return {
    object: 'invite_preview' as const,
    email: row.invite.email,
    shop: row.shop,
    role: roleRef(row.role),
    expires_at: row.invite.expiresAt.toISOString(),
  };
}

/** Accepting: the name is set, the membership turns active, the invite is used up. */
export async function acceptInvite(tx: Tx, token: string, name: string) {
  const row = await inviteByToken(tx, token, true);
  const [member] = await tx
    .update(staffMembers)
    .set({ status: 'active', roleId: row.invite.roleId, updatedAt: new Date() })
    .where(and(eq(staffMembers.id, row.invite.memberId), eq(staffMembers.status, 'invited')))
    .returning();
  if (!member) throw new ApiError('INVITE_EXPIRED');
  await tx
    .update(staffInvites)
    .set({ acceptedAt: new Date() })
    .where(eq(staffInvites.id, row.invite.id));
  await tx.update(staffPeople).set({ name }).where(eq(staffPeople.id, member.personId));
  return { member, shopId: row.invite.shopId, email: row.invite.email };
}

// ---------------------------------------------------------------- roles

type RoleRow = typeof staffRoles.$inferSelect & { members: number };

export const toRole = (row: RoleRow): Role => ({
  object: 'role',
  id: row.id,
  key: isPresetRoleKey(row.key) ? row.key : null,
  name: row.name,
  scopes: roleScopes(row),
  preset: row.key !== null,
  members: Number(row.members),
  version: row.version,
});

const membersOf =
  sql<number>`(select count(*) from ${staffMembers} where ${staffMembers.roleId} = ${staffRoles.id})`.mapWith(
    Number,
  );

export async function listRoles(db: Db, shop: ShopContext, query: { limit: number }) {
  await ensurePresetRoles(db, shop.id);
  const page = await listPage(db, staffRoles, shop.id, query as never, (keyset) =>
    db
      .select({ role: staffRoles, members: membersOf })
      .from(staffRoles)
      .where(keyset.where)
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  return {
    data: page.rows.map((r) => toRole({ ...r.role, members: r.members })),
    hasMore: page.hasMore,
  };
}

async function roleWithMembers(db: Db | Tx, shopId: string, id: string, lock = false) {
  if (!isUuid(id)) return null;
  const where = and(eq(staffRoles.shopId, shopId), eq(staffRoles.id, id));
  if (lock) await db.select({ id: staffRoles.id }).from(staffRoles).where(where).for('update');
  const [row] = await db
    .select({ role: staffRoles, members: membersOf })
    .from(staffRoles)
    .where(where);
  return row ? { ...row.role, members: row.members } : null;
}

export async function getRole(db: Db, shop: ShopContext, id: string) {
  const row = await roleWithMembers(db, shop.id, id);
  if (!row) throw new ApiError('ROLE_NOT_FOUND');
  return toRole(row);
}

const nameTaken = (error: unknown) => {
  if (isUniqueViolation(error)) throw new ApiError('ROLE_NAME_TAKEN');
  throw error;
};

export async function createRole(
  w: WriteScope,
  caller: MerchantContext,
  input: { name: string; scopes: MerchantScope[] },
) {
  assertCanGrant(caller, input.scopes);
  await ensurePresetRoles(w.tx, w.shop.id);
  const [taken] = await w.tx
    .select({ id: staffRoles.id })
    .from(staffRoles)
    .where(
      and(eq(staffRoles.shopId, w.shop.id), sql`lower(${staffRoles.name}) = lower(${input.name})`),
    );
  if (taken) throw new ApiError('ROLE_NAME_TAKEN');
  const [row] = await w.tx
    .insert(staffRoles)
    .values({ shopId: w.shop.id, name: input.name, scopes: normaliseScopes(input.scopes) })
    .returning()
    .catch(nameTaken);
  if (!row) throw new Error('the role was not stored');
  const role = toRole({ ...row, members: 0 });
  await w.audit({
    action: 'create',
    resourceType: 'role',
    resourceId: row.id,
    before: null,
    after: role,
  });
  return role;
}

/** PATCH /roles/{id}: members holding it get the new scopes at their next request. */
export async function updateRole(
  w: WriteScope,
  caller: MerchantContext,
  id: string,
  input: { name?: string; scopes?: MerchantScope[] },
) {
  const current = await roleWithMembers(w.tx, w.shop.id, id, true);
  if (!current) throw new ApiError('ROLE_NOT_FOUND');
  w.expectVersion(current.version);
  if (current.key === 'owner') throw new ApiError('ROLE_OWNER_LOCKED');
  assertCanGrant(caller, roleScopes(current));
  if (input.scopes) assertCanGrant(caller, input.scopes);
  if (input.name) {
    const [taken] = await w.tx
      .select({ id: staffRoles.id })
      .from(staffRoles)
      .where(
        and(
          eq(staffRoles.shopId, w.shop.id),
          ne(staffRoles.id, id),
          sql`lower(${staffRoles.name}) = lower(${input.name})`,
        ),
      );
    if (taken) throw new ApiError('ROLE_NAME_TAKEN');
  }
  const [row] = await w.tx
    .update(staffRoles)
    .set({
      ...(input.name ? { name: input.name } : {}),
      ...(input.scopes ? { scopes: normaliseScopes(input.scopes) } : {}),
      version: sql`${staffRoles.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(staffRoles.id, id))
    .returning()
    .catch(nameTaken);
  if (!row) throw new ApiError('ROLE_NOT_FOUND');
  const after = toRole({ ...row, members: current.members });
  await w.audit({
    action: 'update',
    resourceType: 'role',
    resourceId: id,
    before: toRole(current),
    after,
  });
  return after;
}

export async function deleteRole(w: WriteScope, id: string) {
  const current = await roleWithMembers(w.tx, w.shop.id, id, true);
  if (!current) throw new ApiError('ROLE_NOT_FOUND');
  w.expectVersion(current.version);
  if (current.key !== null) throw new ApiError('ROLE_PRESET');
  const [invites] = await w.tx
    .select({ n: count() })
    .from(staffInvites)
    .where(
      and(
        eq(staffInvites.roleId, id),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.revokedAt),
      ),
    );
  if (current.members > 0 || (invites?.n ?? 0) > 0) throw new ApiError('ROLE_IN_USE');
  await w.tx.delete(staffInvites).where(eq(staffInvites.roleId, id));
  await w.tx.delete(staffRoles).where(eq(staffRoles.id, id));
  await w.audit({
    action: 'delete',
    resourceType: 'role',
    resourceId: id,
    before: toRole(current),
    after: null,
  });
  return { id, object: 'role' as const, deleted: true as const };
}

// ---------------------------------------------------------------- sessions

/** The signed-in person's live sessions, newest first. */
export async function listOwnSessions(c: Context<AppEnv>) {
  const staff = c.get('staff');
  const rows = await c
    .get('services')
    .database.db.select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.personId, staff.personId),
        isNull(staffSessions.endedAt),
        sql`${staffSessions.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(staffSessions.createdAt))
    .limit(100);
  return rows.map((row) => ({
    object: 'staff_session' as const,
    id: row.id,
    current: row.id === staff.sessionId,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    user_agent: row.userAgent,
    ip_network: row.ipNetwork,
  }));
}

/** Ends one of the person's sessions (id) or all but the current one (no id). */
export async function endOwnSessions(c: Context<AppEnv>, id?: string) {
  const staff = c.get('staff');
  if (id !== undefined && !isUuid(id)) throw new ApiError('STAFF_SESSION_NOT_FOUND');
  const ended = await c
    .get('services')
    .database.db.update(staffSessions)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(staffSessions.personId, staff.personId),
        isNull(staffSessions.endedAt),
        id === undefined ? ne(staffSessions.id, staff.sessionId) : eq(staffSessions.id, id),
      ),
    )
    .returning({ id: staffSessions.id });
  if (id !== undefined && ended.length === 0) throw new ApiError('STAFF_SESSION_NOT_FOUND');
}

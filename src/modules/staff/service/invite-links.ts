import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { actorOf, recordAudit } from '../../../admin-kit/audit';
import type { AppEnv, Services } from '../../../app-env';
import { type Db, type Tx, withTransaction } from '../../../db/client';
import { shops, staffInvites, staffMembers, staffPeople, staffRoles } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { clientNetwork, enforceLimits } from '../../../http/rate-limit';
import { roleRef } from '../../../identity/staff-roles';
import { randomToken, sha256Hex } from '../../../lib/crypto';
import { escapeHtml } from '../../../lib/html';
import { SIGN_IN_RATE_RULES } from '../../auth/limits';
import { selectMemberships, selectPerson } from '../queries';
import { openSession, toSession } from './sign-in';

/** How long an invite link works. */
export const INVITE_TTL_DAYS = 7;

/** The codes the two public invite routes answer (the link's token is their credential). */
export const LINK_RAISES = [
  'INVITE_NOT_FOUND',
  'INVITE_EXPIRED',
  'TOO_MANY_LOGIN_ATTEMPTS',
] as const;

/**
 * Attempts on invite links per client network, failing closed (a token is a credential:
 * guessing one must stay slow even when the limiter is down).
 */
export const limitInviteAttempts = (services: Services, headers: Headers) =>
  enforceLimits(
    services,
    [{ rule: SIGN_IN_RATE_RULES.access, key: `staff:${clientNetwork(headers)}` }],
    { code: 'TOO_MANY_LOGIN_ATTEMPTS' },
    'refuse',
  );

export function inviteStatus(row: typeof staffInvites.$inferSelect, now = new Date()) {
  if (row.acceptedAt) return 'accepted' as const;
  if (row.revokedAt) return 'revoked' as const;
  if (row.expiresAt <= now) return 'expired' as const;
  return 'pending' as const;
}

/** The dashboard page an invite link opens. */
export const inviteLink = (origin: string, token: string) =>
  `${origin}/admin/invite?token=${encodeURIComponent(token)}`;

/** The invite email: who invites to which shop with which role, and the link. */
export function inviteEmail(shopName: string, link: string, roleName: string) {
  const subject = `You are invited to run ${shopName}`;
  const text = `You are invited to join ${shopName} as ${roleName}.\n\nAccept within ${INVITE_TTL_DAYS} days: ${link}\n\nIf you did not expect this, ignore this email.`;
  const html = `<p>You are invited to join <strong>${escapeHtml(shopName)}</strong> as ${escapeHtml(roleName)}.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> within ${INVITE_TTL_DAYS} days.</p><p>If you did not expect this, ignore this email.</p>`;
  return { subject, text, html };
}

/** A fresh token and expiry for an invite; returns the token (the link), stores its hash. */
export async function newInviteToken() {
  const token = randomToken(32);
  return {
    token,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000),
  };
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

/** GET /invites/accept: what the link offers. */
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
async function acceptInvite(tx: Tx, token: string, name: string) {
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
  // The name is the person's across shops: an invite names a newcomer, never renames someone.
  await tx
    .update(staffPeople)
    .set({ name })
    .where(and(eq(staffPeople.id, member.personId), eq(staffPeople.name, '')));
  return { member, shopId: row.invite.shopId, email: row.invite.email };
}

/**
 * POST /invites/accept: in one transaction the invite is used up, the membership turns
 * active (audited under the new member's name) and a new session starts on the shop. The
 * session carries the inviting shop's membership alone: a link is no sign-in to the
 * person's other shops, which need a code (docs/decisions/staff.md, "Invite scope").
 */
export async function acceptInviteAndSignIn(c: Context<AppEnv>, token: string, name: string) {
  const services = c.get('services');
  const { session, personId, shopId } = await withTransaction(services.database, async (tx) => {
    const { member, shopId, email } = await acceptInvite(tx, token, name);
    const session = await openSession(c, tx, {
      personId: member.personId,
      shopId,
      memberId: member.id,
      singleShop: true,
    });
    const actor = actorOf(
      { keyId: null, actor: { type: 'staff', id: member.id, email, name } },
      c.get('requestId') ?? null,
    );
    await recordAudit(tx, shopId, actor, [
      {
        action: 'update',
        resourceType: 'staff_member',
        resourceId: member.id,
        before: { status: 'invited' },
        after: { status: 'active' },
      },
    ]);
    return { session, personId: member.personId, shopId };
  });
  const db = services.database.db;
  const memberships = await selectMemberships(db, personId, shopId);
  const person = await selectPerson(db, personId);
  return toSession(session, person ?? { email: '', name }, memberships);
}

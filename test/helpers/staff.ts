import { and, eq } from 'drizzle-orm';
import * as s from '../../src/db/schema';
import type { MerchantScope } from '../../src/identity/merchant-scopes';
import { ensurePresetRoles, type PresetRoleKey } from '../../src/identity/staff-roles';
import {
  newSessionToken,
  SESSION_COOKIE,
  sessionTokenHash,
} from '../../src/identity/staff-sessions';
import { sha256Hex } from '../../src/lib/crypto';
import { type ApiResponse, call } from './api';
import { testDb } from './db';
import { ADMIN_BASE } from './merchant';

/** The origin tests call the worker at; same-origin requests send it as `Origin`. */
export const ORIGIN = 'http://storefront.test';

const unique = () => crypto.randomUUID().replaceAll('-', '').slice(0, 12);

/** The id of a shop's preset role (created with the shop's presets when missing). */
export async function presetRoleId(shopId: string, key: PresetRoleKey): Promise<string> {
  const db = testDb();
  await ensurePresetRoles(db, shopId);
  const [role] = await db
    .select({ id: s.staffRoles.id })
    .from(s.staffRoles)
    .where(and(eq(s.staffRoles.shopId, shopId), eq(s.staffRoles.key, key)));
  if (!role) throw new Error(`no ${key} role`);
  return role.id;
}

/** A role of the shop's own holding `scopes`. */
export async function createStaffRole(shop: { id: string }, scopes: MerchantScope[]) {
  const [role] = await testDb()
    .insert(s.staffRoles)
    .values({ shopId: shop.id, name: `Role ${unique()}`, scopes })
    .returning();
  if (!role) throw new Error('could not create the role');
  return role;
}

export type TestStaffMember = { memberId: string; personId: string; email: string; roleId: string };

/** A staff member straight in the database: a new person (unless `email` names one) and a membership. */
export async function createStaffMember(
  shop: { id: string },
  options: {
    email?: string;
    roleKey?: PresetRoleKey;
    roleId?: string;
    status?: 'invited' | 'active' | 'disabled';
    name?: string;
  } = {},
): Promise<TestStaffMember> {
  const db = testDb();
  const email = options.email ?? `staff-${unique()}@example.com`;
  const roleId = options.roleId ?? (await presetRoleId(shop.id, options.roleKey ?? 'owner'));
  await db
    .insert(s.staffPeople)
    .values({ email, name: options.name ?? 'Test Person' })
    .onConflictDoNothing();
  const [person] = await db.select().from(s.staffPeople).where(eq(s.staffPeople.email, email));
  if (!person) throw new Error('could not create the person');
  const [member] = await db
    .insert(s.staffMembers)
    .values({ shopId: shop.id, personId: person.id, roleId, status: options.status ?? 'active' })
    .returning();
  if (!member) throw new Error('could not create the member');
  return { memberId: member.id, personId: person.id, email, roleId };
}

/** A pending invite of the shop (for a new invited member) and its link token. */
export async function createStaffInvite(
  shop: { id: string },
  options: { roleKey?: PresetRoleKey; expiresAt?: Date } = {},
) {
  const member = await createStaffMember(shop, {
    roleKey: options.roleKey ?? 'support',
    status: 'invited',
  });
  const token = `invite-${unique()}${unique()}`;
  const [invite] = await testDb()
    .insert(s.staffInvites)
    .values({
      shopId: shop.id,
      memberId: member.memberId,
      email: member.email,
      roleId: member.roleId,
      tokenHash: await sha256Hex(token),
      invitedBy: 'operator',
      expiresAt: options.expiresAt ?? new Date(Date.now() + 7 * 86_400_000),
    })
    .returning();
  if (!invite) throw new Error('could not create the invite');
  return { id: invite.id, token, member };
}

/**
 * A session straight in the database for a person, on `shopId` (null: none picked), and
 * the Cookie header that presents it. `state` makes it expired, idle or ended.
 */
export async function createStaffSession(
  personId: string,
  shopId: string | null,
  state: 'live' | 'expired' | 'idle' | 'ended' = 'live',
) {
  const token = newSessionToken();
  const now = Date.now();
  const [row] = await testDb()
    .insert(s.staffSessions)
    .values({
      personId,
      shopId,
      tokenHash: await sessionTokenHash(token),
      expiresAt: new Date(state === 'expired' ? now - 1_000 : now + 86_400_000),
      lastSeenAt: new Date(state === 'idle' ? now - 13 * 3_600_000 : now),
      endedAt: state === 'ended' ? new Date(now - 1_000) : null,
    })
    .returning();
  if (!row) throw new Error('could not create the session');
  return { id: row.id, token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A member with a live session on the shop: the usual signed-in staff member of a test. */
export async function signedInStaff(
  shop: { id: string },
  options: Parameters<typeof createStaffMember>[1] = {},
) {
  const member = await createStaffMember(shop, options);
  const session = await createStaffSession(member.personId, shop.id);
  return { ...member, ...session };
}

type Extra = { headers?: Record<string, string> };

/** A browser on the dashboard's origin: the cookie, and `Origin` on every call. */
export function staffBrowser(cookie: string, origin = ORIGIN) {
  const send = (method: string, path: string, body: unknown, extra: Extra = {}) =>
    call(`${ORIGIN}${ADMIN_BASE}${path}`, {
      method,
      ...(body === undefined ? {} : { body }),
      headers: { cookie, origin, 'sec-fetch-site': 'same-origin', ...extra.headers },
    });
  return {
    get: (path: string, extra?: Extra) => send('GET', path, undefined, extra),
    post: (path: string, body: unknown, extra?: Extra) => send('POST', path, body, extra),
    patch: (path: string, body: unknown, extra?: Extra) => send('PATCH', path, body, extra),
    delete: (path: string, extra?: Extra) => send('DELETE', path, undefined, extra),
  };
}

/** The session token of a response's Set-Cookie, or null. */
export function cookieOf(res: ApiResponse): string | null {
  const match = /__Host-session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '');
  return match?.[1] ? `${SESSION_COOKIE}=${match[1]}` : null;
}

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { call, expectError, newIp } from '../helpers/api';
import { testDb } from '../helpers/db';
import { waitForEmail } from '../helpers/mail';
import { ADMIN_BASE, createMerchantKey, merchant } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import {
  createStaffInvite,
  createStaffRole,
  createStaffSession,
  ORIGIN,
  presetRoleId,
  signedInStaff,
  staffBrowser,
} from '../helpers/staff';

let shop: TestShop;
let asOwner: ReturnType<typeof staffBrowser>;

beforeAll(async () => {
  shop = await createTestShop();
  asOwner = staffBrowser((await signedInStaff(shop, { roleKey: 'owner' })).cookie);
});

/** The invite link's token, from the newest invite email to `email` other than `not`. */
async function linkToken(email: string, not?: string) {
  const mail = await waitForEmail(email, (m) => !not || !m.text.includes(not));
  const token = /\/admin\/invite\?token=([\w%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('no invite link in the email');
  return decodeURIComponent(token);
}

const preview = (token: string) =>
  call(`${ORIGIN}${ADMIN_BASE}/invites/accept?token=${encodeURIComponent(token)}`, {
    headers: { 'cf-connecting-ip': newIp() },
  });
const accept = (token: string) =>
  call(`${ORIGIN}${ADMIN_BASE}/invites/accept`, {
    method: 'POST',
    body: { token, name: 'Invited Person' },
    headers: { 'cf-connecting-ip': newIp() },
  });

describe('invite links', () => {
  it('work for 7 days and no longer', async () => {
    const roleId = await presetRoleId(shop.id, 'support');
    const email = `week-${crypto.randomUUID()}@example.com`;
    const created = await asOwner.post('/invites', { email, role_id: roleId });
    expect(created.status).toBe(201);
    const days = (Date.parse(created.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const lapsed = await createStaffInvite(shop, { expiresAt: new Date(Date.now() - 1000) });
    expectError(await preview(lapsed.token), 410, 'INVITE_EXPIRED');
    expectError(await accept(lapsed.token), 410, 'INVITE_EXPIRED');
    const listed = await asOwner.get('/invites?limit=100');
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({ id: lapsed.id, status: 'expired' }),
    );
    const [member] = await testDb()
      .select()
      .from(s.staffMembers)
      .where(eq(s.staffMembers.id, lapsed.member.memberId));
    expect(member?.status).toBe('invited');
  });

  it('resend: a new link valid 7 days again, the old link dead', async () => {
    const roleId = await presetRoleId(shop.id, 'analyst');
    const email = `resend-${crypto.randomUUID()}@example.com`;
    const created = await asOwner.post('/invites', { email, role_id: roleId });
    const first = await linkToken(email);
    // The invite lapses; resending revives it with a fresh week.
    await testDb()
      .update(s.staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.staffInvites.id, created.body.id));
    const resending = Date.now();
    const resent = await asOwner.post(`/invites/${created.body.id}/resend`, undefined);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: created.body.id, status: 'pending' });
    // A week from the resend, however long the request took (a second's leeway for clocks).
    expect(Date.parse(resent.body.expires_at)).toBeGreaterThanOrEqual(
      resending + 7 * 86_400_000 - 1000,
    );
    const second = await linkToken(email, first);
    expect(second).not.toBe(first);
    expectError(await preview(first), 404, 'INVITE_NOT_FOUND');
    expectError(await accept(first), 404, 'INVITE_NOT_FOUND');
    const accepted = await accept(second);
    expect(accepted.status).toBe(200);
    expect(accepted.body.memberships).toEqual([
      expect.objectContaining({ role: expect.objectContaining({ key: 'analyst' }) }),
    ]);
    // Once accepted, the invite can be neither resent nor revoked.
    const again = await asOwner.post(`/invites/${created.body.id}/resend`, undefined);
    expectError(again, 409, 'INVITE_NOT_PENDING');
    expectError(await asOwner.delete(`/invites/${created.body.id}`), 409, 'INVITE_NOT_PENDING');
  });

  it('revoke: the link and the invited member are gone', async () => {
    const invite = await createStaffInvite(shop);
    expect((await preview(invite.token)).status).toBe(200);
    const revoked = await asOwner.delete(`/invites/${invite.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: invite.id, status: 'revoked' });
    // The never-accepted membership goes, and its invite with it: the link names nothing.
    expectError(await preview(invite.token), 404, 'INVITE_NOT_FOUND');
    expectError(await accept(invite.token), 404, 'INVITE_NOT_FOUND');
    const invited = await asOwner.get('/staff?status=invited&limit=100');
    expect(invited.body.data.map((m: { id: string }) => m.id)).not.toContain(
      invite.member.memberId,
    );
    const invites = await asOwner.get('/invites?limit=100');
    expect(invites.body.data.map((i: { id: string }) => i.id)).not.toContain(invite.id);
    expectError(await asOwner.delete(`/invites/${invite.id}`), 404, 'INVITE_NOT_FOUND');
    const audit = await asOwner.get(`/audit?resource_type=staff_invite&limit=100`);
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({ resource_id: invite.id, action: 'revoke' }),
    );
  });
});

describe('changes to a member take effect at their next request', () => {
  it('disabling ends their sessions at once; enabling again does not revive them', async () => {
    const member = await signedInStaff(shop, { roleKey: 'support' });
    const elsewhere = await createStaffSession(member.personId, shop.id);
    const browser = staffBrowser(member.cookie);
    expect((await browser.get('/me')).status).toBe(200);
    const disabled = await asOwner.patch(`/staff/${member.memberId}`, { status: 'disabled' });
    expect(disabled.status).toBe(200);
    expect(disabled.body.status).toBe('disabled');
    expectError(await browser.get('/me'), 401, 'STAFF_SESSION_INVALID');
    expectError(await staffBrowser(elsewhere.cookie).get('/orders'), 401, 'STAFF_SESSION_INVALID');
    const enabled = await asOwner.patch(`/staff/${member.memberId}`, { status: 'active' });
    expect(enabled.body.status).toBe('active');
    expectError(await browser.get('/me'), 401, 'STAFF_SESSION_INVALID');
    // A session that outlived the disabling (none should) is refused by the membership too.
    await asOwner.patch(`/staff/${member.memberId}`, { status: 'disabled' });
    const late = await createStaffSession(member.personId, shop.id);
    expectError(await staffBrowser(late.cookie).get('/me'), 401, 'STAFF_SESSION_INVALID');
  });

  it('removing a member signs them out of this shop at once', async () => {
    const member = await signedInStaff(shop, { roleKey: 'fulfilment' });
    const browser = staffBrowser(member.cookie);
    expect((await browser.get('/orders')).status).toBe(200);
    expect((await asOwner.delete(`/staff/${member.memberId}`)).status).toBe(200);
    expectError(await browser.get('/orders'), 401, 'STAFF_SESSION_INVALID');
  });

  it('keys follow their maker: disabling or removing a member revokes the keys they made, no others', async () => {
    const makeKey = async (browser: ReturnType<typeof staffBrowser>, name: string) => {
      const made = await browser.post('/keys', { name, scopes: ['catalogue:read'] });
      expect(made.status).toBe(201);
      return made.body as { id: string; secret: string; created_by_member_id: string | null };
    };
    const works = async (secret: string) => (await merchant(secret).get('/products')).status;
    const disabledMaker = await signedInStaff(shop, { roleKey: 'admin' });
    const removedMaker = await signedInStaff(shop, { roleKey: 'admin' });
    const ofDisabled = await makeKey(staffBrowser(disabledMaker.cookie), 'made by a member');
    expect(ofDisabled.created_by_member_id).toBe(disabledMaker.memberId);
    const ofRemoved = await makeKey(staffBrowser(removedMaker.cookie), 'made by another');
    const ofOwner = await makeKey(asOwner, 'made by the owner, who stays');
    const ofCli = await createMerchantKey(shop, { scopes: ['catalogue:read'] });
    for (const key of [ofDisabled, ofRemoved, ofOwner, ofCli])
      expect(await works(key.secret)).toBe(200);

    const disabled = await asOwner.patch(`/staff/${disabledMaker.memberId}`, {
      status: 'disabled',
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.revoked_keys.map((k: { id: string }) => k.id)).toEqual([ofDisabled.id]);
    expect(disabled.body.revoked_keys[0].revoked_at).not.toBeNull();
    expectError(await merchant(ofDisabled.secret).get('/products'), 401, 'MERCHANT_KEY_INVALID');
    const removed = await asOwner.delete(`/staff/${removedMaker.memberId}`);
    expect(removed.body.revoked_keys.map((k: { id: string }) => k.id)).toEqual([ofRemoved.id]);
    expectError(await merchant(ofRemoved.secret).get('/products'), 401, 'MERCHANT_KEY_INVALID');
    expect(await works(ofOwner.secret)).toBe(200);
    expect(await works(ofCli.secret)).toBe(200);
    const audit = await asOwner.get(`/audit?resource_type=merchant_key&action=revoke`);
    expect(audit.body.data.map((e: { resource_id: string }) => e.resource_id)).toEqual(
      expect.arrayContaining([ofDisabled.id, ofRemoved.id]),
    );
  });

  it("a new role, or a role's new scopes, apply from the member's next request", async () => {
    const role = await createStaffRole(shop, ['catalogue:read']);
    const member = await signedInStaff(shop, { roleId: role.id });
    const browser = staffBrowser(member.cookie);
    expectError(await browser.get('/orders'), 403, 'MERCHANT_SCOPE_MISSING');
    expect((await browser.get('/products')).status).toBe(200);

    const changed = await asOwner.patch(`/roles/${role.id}`, { scopes: ['orders:read'] });
    expect(changed.status).toBe(200);
    expect((await browser.get('/orders')).status).toBe(200);
    expectError(await browser.get('/products'), 403, 'MERCHANT_SCOPE_MISSING');
    expect((await browser.get('/me')).body.scopes).toEqual(['orders:read']);

    const analyst = await presetRoleId(shop.id, 'analyst');
    const moved = await asOwner.patch(`/staff/${member.memberId}`, { role_id: analyst });
    expect(moved.body.role.key).toBe('analyst');
    const me = await browser.get('/me');
    expect(me.body.role).toMatchObject({ id: analyst, key: 'analyst' });
    expect((await browser.get('/products')).status).toBe(200);
    expectError(
      await browser.post('/roles', { name: 'x', scopes: [] }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
  });
});

describe('deleting a role', () => {
  it('is refused while a member or a pending invite holds it, and for presets', async () => {
    const role = await createStaffRole(shop, ['reviews:read']);
    const member = await signedInStaff(shop, { roleId: role.id });
    expectError(await asOwner.delete(`/roles/${role.id}`), 409, 'ROLE_IN_USE');
    const support = await presetRoleId(shop.id, 'support');
    await asOwner.patch(`/staff/${member.memberId}`, { role_id: support });

    const email = `held-${crypto.randomUUID()}@example.com`;
    const invite = await asOwner.post('/invites', { email, role_id: role.id });
    expect(invite.status).toBe(201);
    expectError(await asOwner.delete(`/roles/${role.id}`), 409, 'ROLE_IN_USE');
    expect((await asOwner.delete(`/invites/${invite.body.id}`)).status).toBe(200);

    const deleted = await asOwner.delete(`/roles/${role.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: role.id, object: 'role', deleted: true });
    const listed = await asOwner.get('/roles?limit=100');
    const held = listed.body.data.find((r: { key: string | null }) => r.key === 'support');
    expect(held.members).toBeGreaterThanOrEqual(1);
    expectError(await asOwner.get(`/roles/${role.id}`), 404, 'ROLE_NOT_FOUND');
    expectError(await asOwner.delete(`/roles/${support}`), 409, 'ROLE_PRESET');
  });
});

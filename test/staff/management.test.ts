import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { call, expectError, newIp } from '../helpers/api';
import { testDb } from '../helpers/db';
import { waitForEmail } from '../helpers/mail';
import { ADMIN_BASE } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { cookieOf, ORIGIN, presetRoleId, signedInStaff, staffBrowser } from '../helpers/staff';

let shop: TestShop;
let owner: Awaited<ReturnType<typeof signedInStaff>>;
let asOwner: ReturnType<typeof staffBrowser>;

beforeAll(async () => {
  shop = await createTestShop();
  owner = await signedInStaff(shop, { roleKey: 'owner' });
  asOwner = staffBrowser(owner.cookie);
});

const publicCall = (path: string, init: { method?: string; body?: unknown } = {}) =>
  call(`${ORIGIN}${ADMIN_BASE}${path}`, { ...init, headers: { 'cf-connecting-ip': newIp() } });

describe('invites', () => {
  it('emails a 7-day link that signs the new member in once', async () => {
    const email = `new-${crypto.randomUUID()}@example.com`;
    const roleId = await presetRoleId(shop.id, 'catalogue_editor');
    const created = await asOwner.post('/invites', { email: email.toUpperCase(), role_id: roleId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'staff_invite',
      email,
      status: 'pending',
      role: { key: 'catalogue_editor' },
      invited_by: owner.email,
    });
    const days = (Date.parse(created.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    const mail = await waitForEmail(email);
    const token = /\/admin\/invite\?token=([\w%-]+)/.exec(mail.text)?.[1] ?? '';
    expect(mail.text).toContain(`${ORIGIN}/admin/invite?token=`);

    const preview = await publicCall(`/invites/accept?token=${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ object: 'invite_preview', email, shop: { id: shop.id } });
    const listed = await asOwner.get('/staff?status=invited');
    expect(listed.body.data.map((m: { email: string }) => m.email)).toContain(email);

    const accepted = await publicCall('/invites/accept', {
      method: 'POST',
      body: { token, name: 'Nia New' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      staff: { email, name: 'Nia New' },
      shop: { id: shop.id },
    });
    const me = await staffBrowser(cookieOf(accepted) ?? '').get('/me');
    expect(me.body.role.key).toBe('catalogue_editor');
    expectError(
      await publicCall('/invites/accept', { method: 'POST', body: { token, name: 'Again' } }),
      410,
      'INVITE_EXPIRED',
    );
    expectError(await publicCall('/invites/accept?token=nothing'), 404, 'INVITE_NOT_FOUND');
    expectError(
      await asOwner.post('/invites', { email, role_id: roleId }),
      409,
      'STAFF_ALREADY_MEMBER',
    );
  });

  it("signs in to the inviting shop alone, on a link built from configuration, whatever the request's Host", async () => {
    // Shop B's owner invites the owner of this shop, sending a foreign Host and X-Forwarded-Host.
    const invitee = await signedInStaff(shop, { roleKey: 'owner', name: 'Ada Owner' });
    const shopB = await createTestShop();
    const ownerB = await signedInStaff(shopB, { roleKey: 'owner' });
    const foreign = 'http://evil.example';
    const created = await call(`${foreign}${ADMIN_BASE}/invites`, {
      method: 'POST',
      body: { email: invitee.email, role_id: await presetRoleId(shopB.id, 'support') },
      headers: {
        cookie: ownerB.cookie,
        origin: foreign,
        'sec-fetch-site': 'same-origin',
        'x-forwarded-host': 'evil.example',
      },
    });
    expect(created.status).toBe(201);
    const mail = await waitForEmail(invitee.email);
    expect(mail.text).toContain(`${ORIGIN}/admin/invite?token=`);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
    const token = /\/admin\/invite\?token=([\w%-]+)/.exec(mail.text)?.[1] ?? '';

    const accepted = await publicCall('/invites/accept', {
      method: 'POST',
      body: { token, name: 'Renamed By B' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.shop).toMatchObject({ id: shopB.id });
    expect(accepted.body.memberships.map((m: { shop: { id: string } }) => m.shop.id)).toEqual([
      shopB.id,
    ]);
    expect(accepted.body.staff.name).toBe('Ada Owner');
    const viaInvite = staffBrowser(cookieOf(accepted) ?? '');
    const me = await viaInvite.get('/me');
    expect(me.body.shop.id).toBe(shopB.id);
    expect(me.body.memberships).toHaveLength(1);
    expect((await viaInvite.get('/auth/session')).body.memberships).toHaveLength(1);
    expectError(await viaInvite.post('/auth/shop', { shop: shop.id }), 403, 'STAFF_NOT_MEMBER');
    // The person's own sessions elsewhere are neither shown nor ended from this session.
    const listed = await viaInvite.get('/sessions');
    expect(listed.body.data.map((x: { id: string }) => x.id)).not.toContain(invitee.id);
    expect((await viaInvite.delete('/sessions')).status).toBe(204);
    const stillOwner = await staffBrowser(invitee.cookie).get('/me');
    expect(stillOwner.status).toBe(200);
    expect(stillOwner.body.shop.id).toBe(shop.id);
  });

  it('never lets a member grant more than they hold', async () => {
    const admin = staffBrowser((await signedInStaff(shop, { roleKey: 'admin' })).cookie);
    const ownerRole = await presetRoleId(shop.id, 'owner');
    const email = `x-${crypto.randomUUID()}@example.com`;
    expectError(
      await admin.post('/invites', { email, role_id: ownerRole }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    const managerRole = await asOwner.post('/roles', {
      name: `Manager ${crypto.randomUUID()}`,
      scopes: ['staff:write'],
    });
    expect(managerRole.status).toBe(201);
    const manager = staffBrowser(
      (await signedInStaff(shop, { roleId: managerRole.body.id })).cookie,
    );
    expectError(
      await manager.post('/invites', { email, role_id: ownerRole }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    expectError(
      await manager.patch(`/staff/${owner.memberId}`, { status: 'disabled' }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    // Nor reach above: the owner's sessions, an invite to a role beyond theirs.
    expectError(
      await manager.delete(`/staff/${owner.memberId}/sessions`),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    expect((await asOwner.get('/me')).status).toBe(200);
    const ownerInvite = await asOwner.post('/invites', { email, role_id: ownerRole });
    expect(ownerInvite.status).toBe(201);
    const inviteId = ownerInvite.body.id;
    expectError(
      await manager.post(`/invites/${inviteId}/resend`, {}),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    expectError(await manager.delete(`/invites/${inviteId}`), 403, 'MERCHANT_SCOPE_MISSING');
    expect((await asOwner.delete(`/invites/${inviteId}`)).status).toBe(200);
    // Within their scopes it still works: a member holding no more than staff:write.
    const peer = await signedInStaff(shop, { roleId: managerRole.body.id });
    expect((await manager.delete(`/staff/${peer.memberId}/sessions`)).status).toBe(204);
  });
});

describe('members and roles', () => {
  it('keeps the last active owner: no removal, demotion or disabling', async () => {
    const other = await createTestShop();
    const only = await signedInStaff(other, { roleKey: 'owner' });
    const browser = staffBrowser(only.cookie);
    const admin = await presetRoleId(other.id, 'admin');
    expectError(
      await browser.patch(`/staff/${only.memberId}`, { role_id: admin }),
      409,
      'LAST_OWNER',
    );
    expectError(
      await browser.patch(`/staff/${only.memberId}`, { status: 'disabled' }),
      409,
      'LAST_OWNER',
    );
    expectError(await browser.delete(`/staff/${only.memberId}`), 409, 'LAST_OWNER');
    const second = await signedInStaff(other, { roleKey: 'owner' });
    const demoted = await browser.patch(`/staff/${second.memberId}`, { role_id: admin });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role.key).toBe('admin');
    expectError(
      await browser.patch(`/staff/${only.memberId}`, { role_id: admin }),
      409,
      'LAST_OWNER',
    );
  });

  it("names the staff member in the audit log and filters by them; an owner ends anyone's sessions", async () => {
    const member = await signedInStaff(shop, { roleKey: 'support' });
    const role = await asOwner.post('/roles', {
      name: `Audited ${crypto.randomUUID()}`,
      scopes: ['reviews:read'],
    });
    expect(role.status).toBe(201);
    const audit = await asOwner.get(
      `/audit?actor=${encodeURIComponent(owner.email.toUpperCase())}&resource_type=role`,
    );
    expect(audit.status).toBe(200);
    expect(audit.body.data[0]).toMatchObject({
      resource_id: role.body.id,
      actor: owner.email,
      staff_member_id: owner.memberId,
      key_id: null,
    });
    expect((await asOwner.delete(`/staff/${member.memberId}/sessions`)).status).toBe(204);
    expectError(await staffBrowser(member.cookie).get('/me'), 401, 'STAFF_SESSION_INVALID');
    const [row] = await testDb()
      .select()
      .from(s.staffSessions)
      .where(eq(s.staffSessions.id, member.id));
    expect(row?.endedAt).not.toBeNull();
  });
});

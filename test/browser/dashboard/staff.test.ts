import { expect, it } from 'vitest';
import {
  checkScreen,
  emailsTo,
  merchantApi,
  newPage,
  unique,
  useDashboardPage,
  waitForInviteLink,
} from './helpers';

type Member = { email: string; status: string; role: { name: string } };

const tag = unique();
const roleName = `Packer ${tag}`;
const invitee = `packer-${tag}@example.test`;

const journey = useDashboardPage('owner');

const member = async (email: string) =>
  (await merchantApi<{ data: Member[] }>('/staff?limit=100')).body.data.find(
    (m) => m.email === email,
  );

it('creates a role from the scope table and invites a person with it', async () => {
  const { page } = journey;
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Staff' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
  await page.getByRole('table', { name: 'Members' }).waitFor();
  await checkScreen(page, 'staff');

  await page.getByRole('button', { name: 'New role' }).click();
  await page.getByLabel('Role name').fill(roleName);
  await page.getByLabel('Orders: view and change', { exact: true }).check();
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.getByText(`${roleName} created.`).waitFor();
  // The roles table says what the role may do in words, the raw scope as the tooltip.
  const words = page.getByText('Orders: view and change', { exact: true });
  // The roles table's row (an invite's row names the role too, without its scopes).
  const roleRow = page.getByRole('row').filter({ hasText: roleName }).filter({ has: words });
  const scope = roleRow.getByText('Orders: view and change', { exact: true });
  expect(await scope.getAttribute('title')).toBe('orders:write');
  expect(await roleRow.textContent()).not.toContain('orders:write');

  await page.getByRole('button', { name: 'New invite' }).click();
  await page.getByLabel('Email', { exact: true }).fill(invitee);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: roleName });
  const since = Date.now();
  await page.getByRole('button', { name: 'Create invite' }).click();
  await page.getByText(`Invite to ${invitee} created.`).waitFor();
  await waitForInviteLink(invitee, since);
  await page.getByRole('button', { name: `Resend the invite to ${invitee}` }).click();
  await page.getByText(`Invite sent again to ${invitee}.`).waitFor();
  await expect.poll(async () => (await emailsTo(invitee)).length).toBe(2);
  await checkScreen(page, 'staff-invited');

  // The invitee accepts and sees only what the role allows.
  const other = await newPage(journey.browser);
  const link = await waitForInviteLink(invitee, since);
  await other.page.goto(link);
  await other.page.getByLabel('Your name').fill('Pat Packer');
  await other.page.getByRole('button', { name: 'Accept and sign in' }).click();
  await other.page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
  const sections = await other.page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link')
    .allTextContents();
  expect(sections).toEqual(['Home', 'Orders']);
  await other.context.close();
});

it('changes a member’s role, disables and removes them', async () => {
  const { page } = journey;
  await page.reload();
  const members = page.getByRole('table', { name: 'Members' });
  await members.getByRole('row').filter({ hasText: invitee }).waitFor();
  await page.getByLabel(`Role of ${invitee}`).selectOption({ label: 'Support' });
  await page.getByText(`${invitee}’s role changed.`).waitFor();
  expect((await member(invitee))?.role.name).toBe('Support');

  await page.getByRole('button', { name: `Disable ${invitee}` }).click();
  await page.getByText(`${invitee} disabled.`).waitFor();
  expect((await member(invitee))?.status).toBe('disabled');

  await page.getByRole('button', { name: `Remove ${invitee}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${invitee}?` });
  await dialog.getByRole('button', { name: 'Remove member' }).click();
  await page.getByText(`${invitee} removed.`).waitFor();
  expect(await member(invitee)).toBeUndefined();

  // The role, now without members, can go.
  const roles = page.getByRole('table', { name: 'roles' });
  await expect
    .poll(() => roles.getByRole('row').filter({ hasText: roleName }).textContent())
    .toContain('0');
  await page.getByRole('button', { name: `Remove ${roleName}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${roleName}?` })
    .getByRole('button')
    .last()
    .click();
  await page.getByText(`${roleName} removed.`).waitFor();
});

it('revokes a pending invite', async () => {
  const { page } = journey;
  const email = `later-${tag}@example.test`;
  await page.getByRole('button', { name: 'New invite' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  // No role is picked for the merchant: inviting without one is refused beside the field.
  await page.getByRole('button', { name: 'Create invite' }).click();
  await page.getByText('Choose role').waitFor();
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Support' });
  await page.getByRole('button', { name: 'Create invite' }).click();
  await page.getByText(`Invite to ${email} created.`).waitFor();
  await page.getByRole('button', { name: `Revoke Invite to ${email}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke Invite to ${email}?` })
    .getByRole('button', { name: 'Revoke invite' })
    .click();
  await page.getByText(`Invite to ${email} revoked.`).waitFor();
  // A revoked invite leaves the list, here and in the API.
  const invites = page.getByRole('table', { name: 'invites' });
  await invites.getByRole('row').filter({ hasText: email }).waitFor({ state: 'detached' });
  const listed = await merchantApi<{ data: { email: string }[] }>('/invites?limit=100');
  expect(listed.body.data.map((i) => i.email)).not.toContain(email);
});

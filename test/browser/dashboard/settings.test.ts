import { expect, it } from 'vitest';
import {
  checkScreen,
  merchantApi,
  origin,
  storefrontApi,
  unique,
  useDashboardPage,
} from './helpers';

type StorefrontSettings = {
  data: {
    branding: { logo: { _id: string } | null };
    headerTopbar: { activateTopBar: boolean; announcements: { value: string }[] };
    tax: { active: boolean; value: number };
    shipping: { standard: { title: string; price: number }[] };
  };
};
type MerchantSettings = { version: number; tax: { active: boolean; value: number } };

// A 1×1 PNG, as a merchant's logo would arrive from their disk.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const journey = useDashboardPage('admin');

const openSection = async (name: string) => {
  const { page } = journey;
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name })
    .click();
  await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
};

const preview = () => journey.page.getByRole('figure', { name: 'Storefront preview' });

it('an announcement saved in the dashboard is served by GET /settings', async () => {
  const { page } = journey;
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByLabel('Help email').waitFor();
  await checkScreen(page, 'settings-branding');

  await openSection('Top bar and announcements');
  const text = `Free shipping this week ${unique()}`;
  await page.getByLabel('Show the top bar').check();
  await page.getByRole('button', { name: 'Add announcement' }).click();
  const rows = page.getByRole('group', { name: 'Announcements' }).getByRole('listitem');
  await page.getByLabel(`Text (announcement ${await rows.count()})`).fill(text);
  // The preview shows it before it is saved.
  await preview().getByText(text).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Top bar and announcements saved.').waitFor();
  await checkScreen(page, 'settings-top-bar');

  const served = (await storefrontApi<StorefrontSettings>('/settings')).body.data;
  expect(served.headerTopbar.activateTopBar).toBe(true);
  expect(served.headerTopbar.announcements.map((a) => a.value)).toContain(text);
});

it('a logo uploaded in branding is the storefront’s logo', async () => {
  const { page } = journey;
  const before = (await storefrontApi<StorefrontSettings>('/settings')).body.data.branding.logo;
  await openSection('Branding');
  await page
    .getByLabel(/^(Upload|Replace) image$/)
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByText('Logo uploaded. Save to use it.').waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Branding saved.').waitFor();
  const served = (await storefrontApi<StorefrontSettings>('/settings')).body.data;
  expect(served.branding.logo?._id).toBeTruthy();
  expect(served.branding.logo?._id).not.toBe(before?._id);
});

it('a shipping rate is typed in major units and stored in minor units', async () => {
  const { page } = journey;
  await openSection('Shipping');
  await page.getByRole('button', { name: 'New shipping rate' }).click();
  const title = `Courier ${unique()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel(/^Price \(/).fill('4.50');
  await page.getByRole('button', { name: 'Create shipping rate' }).click();
  await page.getByText(`${title} created.`).waitFor();
  await page.getByRole('cell', { name: title, exact: true }).waitFor();
  await checkScreen(page, 'settings-shipping');
  const served = (await storefrontApi<StorefrontSettings>('/settings')).body.data;
  expect(served.shipping.standard.find((r) => r.title === title)?.price).toBe(4.5);
});

it('an amount that cannot be a price shows its error beside the field', async () => {
  const { page } = journey;
  await page.getByRole('button', { name: 'New shipping rate' }).click();
  await page.getByLabel('Title').fill(`Bad ${unique()}`);
  await page.getByLabel(/^Price \(/).fill('-3');
  await page.getByRole('button', { name: 'Create shipping rate' }).click();
  await expect.poll(() => page.getByLabel(/^Price \(/).getAttribute('aria-invalid')).toBe('true');
  await page.getByRole('button', { name: 'Cancel' }).click();
});

it('a stale edit gets the 412 flow and keeps what was typed', async () => {
  const { page } = journey;
  await openSection('Tax');
  const before = (await merchantApi<MerchantSettings>('/settings')).body;
  // Someone else turns tax on after the form was opened.
  const other = await merchantApi('/settings/tax', {
    method: 'PATCH',
    headers: { 'if-match': `"${before.version}"`, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ active: !before.tax.active }),
  });
  expect(other.status).toBe(200);
  await page.getByLabel('Tax rate (%)').fill('7.5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('This changed since you opened it.').waitFor();
  await checkScreen(page, 'settings-stale');
  await page.getByRole('button', { name: 'Load the latest and keep my changes' }).click();
  await page.getByText('This changed since you opened it.').waitFor({ state: 'detached' });
  expect(await page.getByLabel('Tax rate (%)').inputValue()).toBe('7.5');
  expect(await page.getByLabel('Charge tax').isChecked()).toBe(!before.tax.active);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Tax saved.').waitFor();
  const served = (await storefrontApi<StorefrontSettings>('/settings')).body.data;
  expect(served.tax).toEqual({ active: !before.tax.active, value: 7.5, inclusive: false });
  // The demo shop's tax is what the theme's checkout journeys price with: put it back.
  const restored = await merchantApi('/settings/tax', {
    method: 'PATCH',
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ active: before.tax.active, value: before.tax.value }),
  });
  expect(restored.status).toBe(200);
  // The journey goes on from what the shop now holds, not from the form read before.
  await page.reload();
});

it('each section previews what the storefront will show from the values as typed', async () => {
  const { page } = journey;
  const tag = unique();
  await openSection('Branding');
  await page.getByLabel('Show contact details').check();
  await page.getByLabel('Help email').fill(`help-${tag}@example.test`);
  await preview().getByText(`help-${tag}@example.test`).waitFor();
  await page.getByLabel('Show contact details').uncheck();
  await preview().getByText('Contact details hidden.').waitFor();
  expect(await preview().getByText(`help-${tag}@example.test`).count()).toBe(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Branding saved.').waitFor();

  await openSection('Menus');
  await page.getByLabel('Menu shows').selectOption({ label: 'Pages' });
  await page.getByRole('button', { name: 'Add menu page' }).click();
  const pages = page.getByRole('group', { name: 'Menu pages' }).getByRole('listitem');
  await page.getByLabel(`Name (menu page ${await pages.count()})`).fill(`Journal ${tag}`);
  await preview()
    .getByRole('listitem')
    .filter({ hasText: `Journal ${tag}` })
    .waitFor();
  await checkScreen(page, 'settings-menus-preview');
  await page.getByLabel('Menu shows').selectOption({ label: 'Categories' });
  await preview().getByText('The shop’s categories').waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Menus saved.').waitFor();

  await openSection('Footer links');
  await page.getByRole('button', { name: 'Add link' }).click();
  const links = page.getByRole('group', { name: 'Footer links' }).getByRole('listitem');
  const n = await links.count();
  await page.getByLabel(`Column (link ${n})`).fill(`Help ${tag}`);
  await page.getByLabel(`Link text (link ${n})`).fill(`Returns ${tag}`);
  await preview().getByText(`Help ${tag}`).waitFor();
  await preview().getByText(`Returns ${tag}`).waitFor();
  await checkScreen(page, 'settings-footer-links-preview');
});

it('the shop is renamed in its settings, the header and the storefront show it, and the old name comes back', async () => {
  const { page } = journey;
  // Straight to the section: the journey before leaves a form with unsaved changes.
  await page.goto(`${origin()}/admin/settings/shop`);
  await page.getByRole('heading', { level: 2, name: 'Shop', exact: true }).waitFor();
  const name = page.getByLabel('Shop name');
  const old = await name.inputValue();
  expect(old).not.toBe('');
  // The demo shop has orders: its currency digits are fixed, and the screen says why.
  expect(await page.getByLabel('Currency digits').isDisabled()).toBe(true);
  await page.getByText(/Fixed: the shop has orders/).waitFor();
  await checkScreen(page, 'settings-shop');

  const renamed = `Renamed ${unique()}`;
  await name.fill(renamed);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Shop saved.').waitFor();
  await page.getByRole('banner').getByText(renamed, { exact: true }).waitFor();
  const health = await storefrontApi<{ name: string }>('/settings/health');
  expect(health.body.name).toBe(renamed);

  // The theme's journeys expect the demo shop's own name: put it back.
  await name.fill(old);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('banner').getByText(old, { exact: true }).waitFor();
  expect((await storefrontApi<{ name: string }>('/settings/health')).body.name).toBe(old);
});

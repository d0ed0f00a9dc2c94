import { expect, it } from 'vitest';
import { checkScreen, merchantApi, origin, unique, useDashboardPage } from './helpers';

type Coupon = {
  code: string;
  kind: string;
  value: number;
  min_order_amount: number;
  active: boolean;
};

const code = `SAVE${unique().toUpperCase()}`;

const journey = useDashboardPage('admin');

const coupon = async () =>
  (await merchantApi<{ data: Coupon[] }>('/coupons?limit=100')).body.data.find(
    (c) => c.code === code,
  );

it('creates a fixed coupon in major units, edits and disables it', async () => {
  const { page } = journey;
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Marketing' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Marketing' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Newsletter subscribers' }).waitFor();
  await checkScreen(page, 'marketing');

  await page.getByRole('button', { name: 'New coupon' }).click();
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Discount').selectOption({ label: 'An amount off' });
  await page.getByRole('button', { name: 'Create coupon' }).click();
  // No amount: the error is beside the amount's field, and nothing was created.
  await page.getByText('Enter an amount').waitFor();
  expect(await page.getByLabel(/^Amount off/).getAttribute('aria-invalid')).toBe('true');
  expect(await coupon()).toBeUndefined();
  await checkScreen(page, 'marketing-coupon-error');

  await page.getByLabel(/^Amount off/).fill('5.00');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await page.getByText(`${code} created.`).waitFor();
  expect(await coupon()).toMatchObject({ kind: 'fixed', value: 500, active: true });

  await page.getByRole('button', { name: `Edit ${code}` }).click();
  await page.getByLabel(/^Minimum order/).fill('20');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText(`${code} saved.`).waitFor();
  expect((await coupon())?.min_order_amount).toBe(2000);

  await page.getByRole('button', { name: `Disable ${code}` }).click();
  await page.getByRole('button', { name: `Enable ${code}` }).waitFor();
  expect((await coupon())?.active).toBe(false);
});

it('exports the newsletter subscribers', async () => {
  const { page } = journey;
  const link = page.getByRole('link', { name: 'Export subscribers (CSV)' });
  const href = await link.getAttribute('href');
  const res = await page.request.get(`${origin()}${href}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/csv');
  expect((await res.text()).split('\n')[0]).toContain('email');
});

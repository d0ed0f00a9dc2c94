import { expect, it } from 'vitest';
import {
  checkScreen,
  merchantApi,
  placeOrder,
  storefrontSignIn,
  unique,
  useDashboardPage,
} from './helpers';

type Customer = {
  id: string;
  email: string;
  name: string;
  status: string;
  erased_at: string | null;
};

const journey = useDashboardPage('support');

it('finds a customer, sees their orders, blocks and unblocks them, downloads their data and erases it', async () => {
  const { page } = journey;
  const email = `shopper-${unique()}@example.test`;
  const order = await placeOrder(email);
  await storefrontSignIn(email);

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
  await page.getByRole('table').getByRole('row').nth(1).waitFor();
  await checkScreen(page, 'customers');
  await page.getByLabel('Find a customer').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/q=/);
  await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
  await page.getByRole('table').getByRole('link').first().click();

  await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
  await page.getByRole('link', { name: `#${order.orderNumber}` }).waitFor();
  await page.getByText('No reviews.').waitFor();
  await checkScreen(page, 'customer');
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';

  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await page
    .getByRole('dialog', { name: /^Block / })
    .getByRole('button', { name: 'Block' })
    .click();
  await page.getByText('Customer blocked').waitFor();
  expect((await merchantApi<Customer>(`/customers/${id}`)).body.status).toBe('blacklisted');
  await page.getByRole('button', { name: 'Unblock' }).click();
  await page
    .getByRole('dialog', { name: /^Unblock / })
    .getByRole('button', { name: 'Unblock' })
    .click();
  await page.getByText('Customer unblocked.').waitFor();
  expect((await merchantApi<Customer>(`/customers/${id}`)).body.status).toBe('active');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download their data (JSON)' }).click();
  const file = await download;
  const stream = await file.createReadStream();
  let text = '';
  for await (const chunk of stream) text += chunk;
  const exported = JSON.parse(text) as { customer: Customer; orders: { id: string }[] };
  expect(exported.customer.email).toBe(email);
  expect(exported.orders.map((o) => o.id)).toContain(order._id);

  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = page.getByRole('dialog', { name: /Erase .* personal data\?/ });
  await dialog.getByText('the saved address, sign-in codes and links, and every session').waitFor();
  await dialog.getByText(/Their 1 order keeps the number/).waitFor();
  await checkScreen(page, 'customer-erase');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await page.getByText('Personal data erased.').waitFor();
  await page.getByRole('heading', { level: 1, name: 'Erased customer' }).waitFor();
  const erased = (await merchantApi<Customer>(`/customers/${id}`)).body;
  expect(erased.erased_at).not.toBeNull();
  expect(erased.email).not.toBe(email);
  expect(await page.getByRole('button', { name: 'Erase personal data' }).count()).toBe(0);
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/chromium';
import {
  checkScreen,
  emailsTo,
  merchantApi,
  newPage,
  placeOrder,
  signInAs,
  unique,
  waitForEmail,
} from './helpers';

type Order = {
  id: string;
  status: string;
  payment_status: string;
  paid_amount: number;
  refunded_amount: number;
  total_amount: number;
};

let browser: Browser;
let page: Page;
let cspErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, cspErrors } = await newPage(browser));
  await signInAs(page, 'fulfilment');
});
afterAll(async () => {
  expect(cspErrors).toEqual([]);
  await browser?.close();
});

it('finds a storefront order, marks it paid, delivers it and refunds part of it; the buyer hears of each', async () => {
  const email = `buyer-${unique()}@example.test`;
  const placed = await placeOrder(email);

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await page.getByRole('table').getByRole('row').nth(1).waitFor();
  await checkScreen(page, 'orders');
  await page.getByLabel('Payment').selectOption('unpaid');
  await page.waitForURL(/payment_status=unpaid/);
  await page.getByLabel('Find an order').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: `#${placed.orderNumber}` }).click();
  await page.getByRole('heading', { level: 1, name: `Order #${placed.orderNumber}` }).waitFor();
  await page.getByText('Grace Hopper').waitFor();
  await checkScreen(page, 'order');

  const step = async (
    action: string,
    dialogTitle: string,
    confirm: string,
    fill?: () => Promise<void>,
  ) => {
    const since = Date.now();
    await page.getByRole('button', { name: action, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: dialogTitle });
    await dialog.waitFor();
    await fill?.();
    await dialog.getByRole('button', { name: confirm, exact: true }).click();
    await page.getByText(`${confirm}: done.`).waitFor();
    return since;
  };

  const paidSince = await step(
    'Mark as paid',
    'Mark this order as paid?',
    'Mark as paid',
    async () => {
      await page.getByLabel('How was it paid?').selectOption('bank_transfer');
    },
  );
  const deliveredSince = await step(
    'Mark as delivered',
    'Mark this order as delivered?',
    'Mark as delivered',
  );

  let order = (await merchantApi<Order>(`/orders/${placed._id}`)).body;
  expect(order).toMatchObject({ status: 'delivered', payment_status: 'fully-paid' });
  const partMinor = order.paid_amount - 1000;
  const part = (partMinor / 100).toFixed(2);
  await step('Refund', 'Refund this order?', 'Refund', async () => {
    const amount = page.getByLabel('Amount to refund (EUR)');
    // Offered in major units, never minor ones.
    expect(await amount.inputValue()).toBe((order.paid_amount / 100).toFixed(2));
    await checkScreen(page, 'order-refund');
    await amount.fill(part);
    await page.getByLabel('Reason (optional)').fill('One candle arrived cracked');
  });
  order = (await merchantApi<Order>(`/orders/${placed._id}`)).body;
  // Part of what was paid: the order stays delivered, its payment partly refunded.
  expect(order).toMatchObject({
    status: 'delivered',
    payment_status: 'partially-refunded',
    refunded_amount: partMinor,
  });
  // What is left can still be refunded, and a partly refunded order is never offered as unpaid.
  await page.getByRole('button', { name: 'Refund', exact: true }).waitFor();
  await page.getByText('Partly refunded', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);

  // The buyer's emails: the confirmation at checkout, then delivery and the refund. (Marking
  // an order paid sends none: the API does not mail on that change.)
  await waitForEmail(email, deliveredSince, (m) => /delivered/i.test(m.subject));
  await waitForEmail(email, paidSince, (m) => /refund/i.test(m.subject));
  const subjects = (await emailsTo(email)).map((m) => m.subject);
  expect(subjects.some((s) => s.includes(`Your order ${placed.orderNumber} at`))).toBe(true);
  await checkScreen(page, 'order-refunded');
});

it('asks before cancelling, and a cancelled order offers nothing more', async () => {
  const placed = await placeOrder(`buyer-${unique()}@example.test`);
  await page.goto(`${page.url().split('/admin')[0]}/admin/orders/${placed._id}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  expect((await merchantApi<Order>(`/orders/${placed._id}`)).body.status).toBe('pending');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByText('Cancel order: done.').waitFor();
  expect((await merchantApi<Order>(`/orders/${placed._id}`)).body.status).toBe('cancelled');
  expect(await page.getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);
});

import { expect, it } from 'vitest';
import {
  checkScreen,
  emailsTo,
  merchantApi,
  newPage,
  placeOrder,
  signInAs,
  unique,
  useDashboardPage,
  waitForEmail,
} from './helpers';

type Order = {
  id: string;
  status: string;
  payment_status: string;
  paid_amount: number;
  refunded_amount: number;
  total_amount: number;
  lines: { id: string; title: string; restocked_quantity: number }[];
  refunds: { amount: number; restock: { line_id: string; quantity: number }[] }[];
};

// Refunds and cancelling a paid order need orders:refund, which the admin role holds and the
// fulfilment role does not (the last journey signs one in to see what it is offered).
const journey = useDashboardPage('admin');

/** Opens the order's page as a merchant following a link to it. */
async function openOrder(placed: { _id: string; orderNumber: string }) {
  const { page } = journey;
  await page.goto(`${page.url().split('/admin')[0]}/admin/orders/${placed._id}`);
  await page.getByRole('heading', { level: 1, name: `Order #${placed.orderNumber}` }).waitFor();
}

it('finds a storefront order, marks it paid, delivers it and refunds part of it; the buyer hears of each', async () => {
  const { page } = journey;
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
    fill?: () => Promise<unknown>,
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

  const paidSince = await step('Mark as paid', 'Mark this order as paid?', 'Mark as paid', () =>
    page.getByLabel('How was it paid?').selectOption('bank_transfer'),
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
  const refunds = page.getByRole('region', { name: 'Refunds' });
  expect(await refunds.count()).toBe(0);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Refund this order?' });
  const amount = refund.getByLabel('Amount to refund (EUR)');
  // Offered in major units, never minor ones: all that is left to refund.
  expect(await amount.inputValue()).toBe((order.paid_amount / 100).toFixed(2));
  await refund.getByText(`At most €${(order.paid_amount / 100).toFixed(2)}`).waitFor();
  const restock = refund.getByLabel('Restock quantity for Travel Tin Candle');
  expect(await restock.inputValue()).toBe('0');
  await amount.fill(part);
  await refund.getByLabel('Reason (optional)').fill('One candle arrived cracked');
  await restock.fill('1');
  await checkScreen(page, 'order-refund');
  // More than the line took is refused before sending, beside the items; then one goes back.
  await restock.fill('3');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await refund.getByText('Between 0 and 2 for Travel Tin Candle.').waitFor();
  await checkScreen(page, 'order-refund-error');
  await restock.fill('1');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await page.getByText(`Refunded €${part}. 1 item back in stock.`).waitFor();
  order = (await merchantApi<Order>(`/orders/${placed._id}`)).body;
  const candle = order.lines.find((l) => l.title === 'Travel Tin Candle');
  // Part of what was paid: the order stays delivered, its payment partly refunded; the
  // refund records the candle put back, which the line counts.
  expect(order).toMatchObject({
    status: 'delivered',
    payment_status: 'partially-refunded',
    refunded_amount: partMinor,
    refunds: [{ amount: partMinor, restock: [{ line_id: candle?.id, quantity: 1 }] }],
  });
  expect(candle?.restocked_quantity).toBe(1);
  await refunds.getByText(`€${part} refunded`).waitFor();
  await refunds.getByText('One candle arrived cracked').waitFor();
  await refunds.getByText('Travel Tin Candle × 1').waitFor();
  await checkScreen(page, 'order-refunds');
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
});

it('asks before cancelling, and a cancelled order offers nothing more', async () => {
  const { page } = journey;
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

it('states the amount that goes back before cancelling a paid order, and gives it back', async () => {
  const { page } = journey;
  const placed = await placeOrder(`buyer-${unique()}@example.test`);
  const paid = await merchantApi<Order>(`/orders/${placed._id}/mark-paid`, {
    method: 'POST',
    body: JSON.stringify({ method: 'bank_transfer' }),
  });
  expect(paid.status).toBe(200);
  const total = paid.body.total_amount;
  expect(total).toBeGreaterThan(0);
  await openOrder(placed);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  const back = dialog.getByText('is recorded as refunded');
  await back.waitFor();
  expect(await back.innerText()).toContain((total / 100).toFixed(2));
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByText('Cancel order: done.').waitFor();
  const after = (await merchantApi<Order>(`/orders/${placed._id}`)).body;
  expect(after).toMatchObject({ status: 'cancelled', refunded_amount: total });
});

it('fulfils part of a storefront order with tracking; the buyer’s shipping email carries the link; notes and the timeline tell what happened', async () => {
  const { page } = journey;
  const email = `buyer-${unique()}@example.test`;
  const placed = await placeOrder(email);
  await openOrder(placed);
  const trackingNumber = `1Z${unique().toUpperCase()}`;
  const trackingUrl = `https://tracking.example/track/${trackingNumber}`;

  await page.getByRole('button', { name: 'Fulfil items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fulfil items' });
  await dialog.waitFor();
  const quantity = dialog.getByLabel('Quantity of Travel Tin Candle');
  expect(await quantity.inputValue()).toBe('2');
  // More than is left of a line is refused before sending, beside the items.
  await quantity.fill('3');
  await dialog.getByRole('button', { name: 'Fulfil', exact: true }).click();
  await dialog.getByText('Between 0 and 2 for Travel Tin Candle.').waitFor();
  await quantity.fill('1');
  await dialog.getByLabel('Carrier (optional)').fill('UPS');
  await dialog.getByLabel('Tracking number (optional)').fill(trackingNumber);
  // A tracking link a buyer could not open safely is refused by the API, beside its field.
  const url = dialog.getByLabel('Tracking URL (optional)');
  await url.fill(`http://tracking.example/track/${trackingNumber}`);
  await dialog.getByRole('button', { name: 'Fulfil', exact: true }).click();
  await dialog.getByText('Must be an https:// address.').waitFor();
  expect(await url.getAttribute('aria-invalid')).toBe('true');
  await checkScreen(page, 'order-fulfil-error');
  await url.fill(trackingUrl);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Fulfil', exact: true }).click();
  await page.getByText('Fulfilled 1 item.').waitFor();
  const shipment = page.getByRole('region', { name: 'Fulfilments' });
  expect(await shipment.getByRole('link', { name: 'Track shipment 1' }).getAttribute('href')).toBe(
    trackingUrl,
  );
  await shipment.getByText(`UPS · ${trackingNumber}`).waitFor();
  // One of two left: the order is partly fulfilled and can ship the rest.
  await page.getByText('Partly fulfilled').waitFor();
  await page.getByRole('button', { name: 'Fulfil items' }).waitFor();
  await checkScreen(page, 'order-fulfilled');

  const mail = await waitForEmail(email, since, (m) =>
    (m.text ?? m.html ?? '').includes(trackingNumber),
  );
  expect(`${mail.text ?? ''}${mail.html ?? ''}`).toContain(trackingUrl);
  let order = (await merchantApi<Order & { fulfillment_status: string }>(`/orders/${placed._id}`))
    .body;
  expect(order.fulfillment_status).toBe('partial');

  // Something has shipped: the address can no longer change, and the API says why.
  await page.getByRole('button', { name: 'Correct the address' }).click();
  const form = page.getByRole('form', { name: 'Correct the shipping address' });
  await form.getByLabel('Town').fill('Leeds');
  await form.getByRole('button', { name: 'Save address' }).click();
  await form.getByText('The order has a fulfilment.').waitFor();
  await checkScreen(page, 'order-address-refused');
  await form.getByRole('button', { name: 'Cancel' }).click();

  const notes = page.getByRole('region', { name: 'Internal notes' });
  await notes.getByText('No notes yet.').waitFor();
  await notes.getByLabel('New note').fill('Second candle ships when the restock arrives');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await notes.getByText('Note added.').waitFor();
  const note = notes.getByRole('listitem').filter({ hasText: 'Second candle ships' });
  await note.getByText(journey.email).waitFor();
  expect(await notes.getByLabel('New note').inputValue()).toBe('');
  await checkScreen(page, 'order-notes');

  // Deliver still works after a partial fulfilment.
  await page.getByRole('button', { name: 'Mark as delivered', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Mark this order as delivered?' })
    .getByRole('button', { name: 'Mark as delivered' })
    .click();
  await page.getByText('Mark as delivered: done.').waitFor();
  order = (await merchantApi<Order & { fulfillment_status: string }>(`/orders/${placed._id}`)).body;
  expect(order.status).toBe('delivered');

  // The timeline tells each change, newest first, with who made it.
  const timeline = page.getByRole('list', { name: 'Changes, newest first' });
  const entries = timeline.getByRole('listitem');
  await entries.first().getByText('Status changed from pending to delivered').waitFor();
  await timeline.getByText(`Items fulfilled with UPS, tracking ${trackingNumber}`).waitFor();
  await timeline.getByText('Note added: “Second candle ships when the restock arrives”').waitFor();
  await entries.last().getByText('Order placed.').waitFor();
  expect(await timeline.getByText(journey.email).count()).toBe(3);
  await checkScreen(page, 'order-timeline');
});

it('corrects the address before anything ships, keeping what was typed when someone else changed the order', async () => {
  const { page } = journey;
  const placed = await placeOrder(`buyer-${unique()}@example.test`);
  await openOrder(placed);
  await page.getByRole('button', { name: 'Correct the address' }).click();
  const form = page.getByRole('form', { name: 'Correct the shipping address' });
  expect(await form.getByLabel('Town').inputValue()).toBe('London');
  await form.getByLabel('Room or floor').fill('Flat 4B');
  await checkScreen(page, 'order-address');

  // Meanwhile another tool adds a note: the order's version moves on.
  const current = await merchantApi<{ version: number }>(`/orders/${placed._id}`);
  const noted = await merchantApi(`/orders/${placed._id}/notes`, {
    method: 'POST',
    body: JSON.stringify({ body: 'Called the buyer about the flat number' }),
    headers: { 'idempotency-key': crypto.randomUUID(), 'if-match': `"${current.body.version}"` },
  });
  expect(noted.status).toBe(200);

  await form.getByRole('button', { name: 'Save address' }).click();
  await form.getByText('This order changed since you opened it').waitFor();
  await checkScreen(page, 'order-address-stale');
  await form.getByRole('button', { name: 'Reload the order' }).click();
  await page
    .getByRole('region', { name: 'Internal notes' })
    .getByText('Called the buyer about the flat number')
    .waitFor();
  expect(await form.getByLabel('Room or floor').inputValue()).toBe('Flat 4B');
  await form.getByRole('button', { name: 'Save address' }).click();
  await page.getByText('Shipping address corrected.').waitFor();
  const order = await merchantApi<{ shipping_address: Record<string, string> }>(
    `/orders/${placed._id}`,
  );
  expect(order.body.shipping_address).toMatchObject({ town: 'London', room: 'Flat 4B' });
  await page
    .getByRole('list', { name: 'Changes, newest first' })
    .getByText(/Shipping address corrected from .* to Flat 4B, London/)
    .waitFor();
});

it('shows a long timeline a page at a time, older changes after "Show more"', async () => {
  const { page } = journey;
  const placed = await placeOrder(`buyer-${unique()}@example.test`);
  for (let n = 1; n <= 21; n++) {
    const added = await merchantApi(`/orders/${placed._id}/notes`, {
      method: 'POST',
      body: JSON.stringify({ body: `Call ${n} with the warehouse` }),
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(added.status).toBe(200);
  }
  await openOrder(placed);
  const timeline = page.getByRole('list', { name: 'Changes, newest first' });
  const entries = timeline.getByRole('listitem');
  await entries.first().getByText('Note added: “Call 21 with the warehouse”').waitFor();
  expect(await entries.count()).toBe(20);
  expect(await timeline.getByText('Order placed.').count()).toBe(0);
  await page.getByRole('button', { name: 'Show more' }).click();
  await entries.last().getByText('Order placed.').waitFor();
  await entries.nth(20).getByText('Note added: “Call 1 with the warehouse”').waitFor();
  expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
  await checkScreen(page, 'order-timeline-more');
});

it('a fulfilment member is offered fulfilling a paid order, but neither Refund nor Cancel, and is told why', async () => {
  const placed = await placeOrder(`buyer-${unique()}@example.test`);
  const paid = await merchantApi<Order>(`/orders/${placed._id}/mark-paid`, {
    method: 'POST',
    body: JSON.stringify({ method: 'bank_transfer' }),
  });
  expect(paid.status).toBe(200);
  const member = await newPage(journey.browser);
  try {
    const { page } = member;
    await signInAs(page, 'fulfilment');
    await page.goto(`${page.url().split('/admin')[0]}/admin/orders/${placed._id}`);
    await page.getByRole('heading', { level: 1, name: `Order #${placed.orderNumber}` }).waitFor();
    await page.getByRole('button', { name: 'Fulfil items' }).waitFor();
    await page.getByText('Refunding or cancelling a paid order needs the').waitFor();
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await checkScreen(page, 'order-without-refund');
    expect(member.cspErrors).toEqual([]);
  } finally {
    await member.context.close();
  }
  expect((await merchantApi<Order>(`/orders/${placed._id}`)).body.status).toBe('pending');
});

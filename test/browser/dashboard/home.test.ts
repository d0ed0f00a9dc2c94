import { expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { VIEWPORTS } from '../helpers/chromium';
import { checkScreen, merchantApi, origin, placeOrder, unique, useDashboardPage } from './helpers';

type Overview = {
  currency: string;
  periods: Array<{
    period: string;
    orders: number;
    sales: number;
    average_order_value: number | null;
  }>;
  needs_action: Array<{ key: string; count: number }>;
  top_products: Array<{ title: string }>;
};

const journey = useDashboardPage('owner');

const money = (minor: number | null, currency: string) =>
  minor === null
    ? '—'
    : new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);

it('Home shows orders, sales and open work as the report gives them, at 412 and 1440 px', async () => {
  const { page } = journey;
  // An order today, so today's figures and the unpaid orders are not empty.
  await placeOrder(`home-${unique()}@example.test`);
  const today = new Date().toISOString().slice(0, 10);
  const report = (await merchantApi<Overview>(`/analytics/reports/overview?to=${today}&limit=5`))
    .body;
  await page.goto(`${origin()}/admin`);
  await page.getByRole('heading', { level: 2, name: 'Orders and sales' }).waitFor();

  for (const period of report.periods) {
    const name = { today: 'Today', '7_days': 'Last 7 days', '30_days': 'Last 30 days' }[
      period.period
    ];
    const card = page.getByRole('region', { name });
    const figure = (label: string) =>
      card.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    expect(await figure('Orders').textContent()).toMatch(new RegExp(`^${period.orders}`));
    expect(await figure('Sales').textContent()).toContain(money(period.sales, report.currency));
    expect(await figure('Average order value').textContent()).toContain(
      money(period.average_order_value, report.currency),
    );
  }
  expect(report.periods[0]?.orders).toBeGreaterThan(0);

  // The chart has a text alternative and its figures as a table.
  const chart = page.getByRole('img', { name: /^Sales per day from/ });
  await chart.waitFor();
  await page.getByText('Sales and orders per day as a table').click();
  expect(
    await page
      .getByRole('table', { name: /Sales and orders per day/ })
      .locator('tbody tr')
      .count(),
  ).toBe(30);

  const top = page.getByRole('region', { name: 'Top products by sales, 30 days' });
  for (const p of report.top_products) await top.getByRole('link', { name: p.title }).waitFor();

  const unpaid = report.needs_action.find((i) => i.key === 'unpaid_orders');
  expect(unpaid?.count).toBeGreaterThan(0);
  const action = page.getByRole('region', { name: 'Needs action' });
  const unpaidLink = action.getByRole('link', {
    name: new RegExp(`^${unpaid?.count} unpaid orders?$`),
  });
  await unpaidLink.waitFor();

  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page), label).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await checkScreen(page, 'home');

  // The open work links to the list filtered to exactly those orders.
  await unpaidLink.click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/admin/orders');
  expect(url.searchParams.get('payment_status')).toBe('unpaid');
  expect(url.searchParams.get('status')).toBe('pending');
  expect(await page.getByLabel('Payment').inputValue()).toBe('unpaid');
  expect(await page.getByLabel('Status').inputValue()).toBe('pending');
});

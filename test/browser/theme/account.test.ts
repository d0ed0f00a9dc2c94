/**
 * A customer's account on the reference storefront: sign in with an emailed code, review a
 * delivered product, keep a wish list across reloads, and subscribe to the newsletter,
 * verify from the email's link and unsubscribe from the other one.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { launchBrowser } from '../helpers/chromium';
import { screenshotBoth } from '../helpers/screenshots';
import { linksOf, onTheme, waitForEmail } from './inbox';
import { refundPartOfAPaidOrder } from './shop-admin';

const theme = inject('themeOrigin');
const mail = inject('mailOrigin');

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});
afterAll(async () => browser?.close());

describe('a customer', () => {
  it('signs in with a code from the email', async () => {
    await page.goto(`${theme}/account`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('demo@aurora.example');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByRole('textbox', { name: 'Code from the email' }).waitFor();
    const email = await waitForEmail(mail, 'demo@aurora.example', /code/i);
    const code = /\b(\d{6})\b/.exec(email.text ?? email.html)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByRole('textbox', { name: 'Code from the email' }).fill(code ?? '');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotBoth(page, 'theme', 'account');
  });

  it('reviews a product of a delivered order', async () => {
    await page.getByRole('link', { name: 'Your orders' }).click();
    await page.waitForURL(/\/account\/orders$/);
    expect(await seriousViolations(page)).toEqual([]);
    const links = await page.getByRole('link', { name: /^Order / }).all();
    let reviewed = false;
    for (const href of await Promise.all(links.map((l) => l.getAttribute('href')))) {
      await page.goto(`${theme}${href}`);
      const send = page.getByRole('button', { name: 'Send review' });
      if ((await send.count()) === 0) continue;
      const form = page.getByRole('form').filter({ has: send }).first();
      await form.getByRole('combobox').selectOption('4');
      await form.getByRole('textbox').fill('Lovely quality, as described.');
      await form.getByRole('button', { name: 'Send review' }).click();
      await page.getByText("your review waits for the shop's approval").waitFor();
      reviewed = true;
      break;
    }
    expect(reviewed).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotBoth(page, 'theme', 'order');
  });

  it("is found at the account's former address too", async () => {
    const res = await page.goto(`${theme}/dashboard/orders`);
    expect(res?.request().redirectedFrom()?.url()).toBe(`${theme}/dashboard/orders`);
    expect(new URL(page.url()).pathname).toBe('/account/orders');
    await page.getByRole('heading', { level: 1, name: 'Your orders' }).waitFor();
  });

  it('downloads a digital file of a paid order', async () => {
    await page.goto(`${theme}/account/orders`);
    const links = await page.getByRole('link', { name: /^Order / }).all();
    let downloaded = '';
    for (const href of await Promise.all(links.map((l) => l.getAttribute('href')))) {
      await page.goto(`${theme}${href}`);
      const button = page.getByRole('button', { name: /^Download / }).first();
      if ((await button.count()) === 0) continue;
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      downloaded = download.suggestedFilename();
      break;
    }
    expect(downloaded).not.toBe('');
  });

  it('sees a partial refund of a paid order on the order page', async () => {
    const id = await refundPartOfAPaidOrder('demo@aurora.example', 150);
    await page.goto(`${theme}/account/orders/${id}`);
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await refunds.waitFor();
    expect(await refunds.getByRole('listitem').last().innerText()).toMatch(
      /^€1\.50 refunded on \d{4}-\d{2}-\d{2}$/,
    );
    await page.getByText('paid, partly refunded').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps a wish list across a reload', async () => {
    await page.goto(`${theme}/product/rose-ceramic-mug`);
    await page.getByRole('button', { name: 'Add to wish list' }).click();
    await page.goto(`${theme}/wish-list`);
    expect(await page.getByRole('heading', { name: 'Rosé Ceramic Mug' }).isVisible()).toBe(true);
    await page.reload();
    expect(await page.getByRole('heading', { name: 'Rosé Ceramic Mug' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('subscribes to the newsletter, verifies from the email and unsubscribes', async () => {
    const address = `reader-${Date.now()}@example.com`;
    await page.goto(theme);
    await page.getByRole('textbox', { name: 'Email for the newsletter' }).fill(address);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('confirm your subscription').waitFor();
    const email = await waitForEmail(mail, address, /subscription/i);
    const links = linksOf(email);
    const verify = links.find((l) => l.includes('/newsletter/verify?'));
    const unsubscribe = links.find((l) => l.includes('/newsletter/unsubscribe?'));
    expect(verify && unsubscribe).toBeTruthy();
    await page.goto(onTheme(verify ?? '', theme));
    expect(await page.getByRole('heading', { name: 'Subscription confirmed' }).isVisible()).toBe(
      true,
    );
    await page.goto(onTheme(unsubscribe ?? '', theme));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    expect(await page.getByRole('heading', { name: 'Unsubscribed' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('reads a policy and the contact page', async () => {
    await page.goto(`${theme}/support/privacy`);
    expect(await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).isVisible()).toBe(
      true,
    );
    expect(await page.locator('article').innerHTML()).not.toContain('&lt;');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${theme}/contact-us`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/**
 * The storefront follows the shop as its people change it: a closed shop shows the maintenance
 * page (503) and sends nothing; a shop that takes payments sends the customer to the payment
 * link and back; a shop that requires an account asks for a sign-in first; a shop that collects
 * no address asks for none. Each journey puts the shop back as it found it. The analytics
 * events the others do not count (remove from bag, wish list, social referral) are counted here.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { launchBrowser } from '../helpers/chromium';
import { screenshotBoth } from '../helpers/screenshots';
import { onTheme, waitForEmail } from './inbox';
import { connectPayments, patchSettings, setDemoShopStatus } from './shop-admin';

const theme = inject('themeOrigin');
const mail = inject('mailOrigin');

/** A seeded customer with an address; not the one the account journey signs in (one code a minute). */
const CUSTOMER = 'jonas.berg@example.com';

type Sent = { sessionId: string; event: string; metadata: Record<string, unknown> };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let sent: Sent[] = [];
const restore: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

beforeEach(async () => {
  sent = [];
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('request', (request) => {
    if (request.url().endsWith('/_api/analytics') && request.method() === 'PUT') {
      sent.push(request.postDataJSON() as Sent);
    }
  });
});
afterEach(async () => {
  await context.close();
  while (restore.length) await restore.pop()?.();
});

/** Puts the Rosé Ceramic Mug in the bag through the product form. */
async function fillBag() {
  await page.goto(`${theme}/product/rose-ceramic-mug`);
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect.poll(() => page.getByRole('link', { name: /Bag \(1\)/ }).count()).toBe(1);
}

async function fillContact(email: string) {
  await page.getByRole('textbox', { name: 'Full name' }).fill('Paula Payer');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Phone' }).fill('+49 30 7654321');
}

describe('the storefront follows the shop', () => {
  it('shows the maintenance page with 503 while the shop is closed, and nothing is sent', async () => {
    await page.goto(theme);
    // The open shop's page view is sent (after its health check), before the shop closes.
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    await setDemoShopStatus('maintenance');
    restore.push(() => setDemoShopStatus('active'));
    const before = sent.length;
    await expect
      .poll(async () => (await page.goto(`${theme}/shop`))?.status(), { timeout: 15_000 })
      .toBe(503);
    expect(
      await page.getByRole('heading', { level: 1, name: 'We will be back soon' }).isVisible(),
    ).toBe(true);
    const response = await page.goto(`${theme}/product/rose-ceramic-mug`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBeTruthy();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotBoth(page, 'theme', 'maintenance');
    expect(sent.length).toBe(before);
    await setDemoShopStatus('active');
    await expect
      .poll(async () => (await page.goto(`${theme}/shop`))?.status(), { timeout: 15_000 })
      .toBe(200);
  });

  it('sends the customer to the payment link and empties the bag on the way back', async () => {
    restore.push(await connectPayments());
    await fillBag();
    await page.goto(`${theme}/checkout`);
    await fillContact(`payer-${Date.now()}@example.com`);
    await page.getByRole('textbox', { name: 'Town or city' }).fill('Berlin');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/c/pay/')),
      page.getByRole('button', { name: 'Place order' }).click(),
    ]);
    // The provider's hosted page; the stand-in has none, so the customer pays through its API.
    const link = new URL(request.url());
    const sessionId = link.pathname.split('/').pop() ?? '';
    const sessions = (await (await fetch(`${link.origin}/__test/sessions`)).json()) as Array<{
      session: { id: string; success_url: string; metadata: { order_id?: string } };
    }>;
    const session = sessions.find((s) => s.session.id === sessionId)?.session;
    expect(session).toBeTruthy();
    const paid = await fetch(`${link.origin}/__test/sessions/${sessionId}/complete`, {
      method: 'POST',
    });
    expect(paid.status).toBe(200);
    const back = new URL(onTheme(session?.success_url ?? '', theme));
    back.searchParams.set('session_id', sessionId);
    await page.goto(back.toString());
    expect(await page.getByRole('heading', { name: 'Thank you for your order' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText('Your payment is being confirmed').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: /^Bag$/ }).count()).toBe(1);
    await expect
      .poll(() => sent.filter((e) => e.event === 'complete_checkout').map((e) => e.metadata))
      .toEqual([{ orderId: session?.metadata.order_id }]);
    // A reload does not complete the order twice.
    await page.reload();
    await page.goto(`${theme}/`);
    expect(sent.filter((e) => e.event === 'complete_checkout')).toHaveLength(1);
  });

  it('asks for a sign-in first when the shop requires an account', async () => {
    restore.push(
      await patchSettings('checkout', { requiresAccount: true }).then(
        (was) => () => patchSettings('checkout', was),
      ),
    );
    await fillBag();
    await page.goto(`${theme}/checkout`);
    expect(await page.getByRole('button', { name: 'Place order' }).count()).toBe(0);
    await page.getByRole('link', { name: 'sign in' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(CUSTOMER);
    const since = Date.now();
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByRole('textbox', { name: 'Code from the email' }).waitFor();
    const email = await waitForEmail(mail, CUSTOMER, /code/i, 20_000, since);
    const code = /\b(\d{6})\b/.exec(email.text ?? email.html)?.[1] ?? '';
    await page.getByRole('textbox', { name: 'Code from the email' }).fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/checkout$/);
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(
      CUSTOMER,
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/success$/);
    expect(await page.getByText(/Order \S+ is placed/).isVisible()).toBe(true);
  });

  it('asks for no address when the shop collects none', async () => {
    restore.push(
      await patchSettings('shipping', { removeAddress: true }).then(
        (was) => () => patchSettings('shipping', was),
      ),
    );
    await fillBag();
    await page.goto(`${theme}/checkout`);
    expect(await page.getByRole('group', { name: 'Delivery address' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Town or city' }).count()).toBe(0);
    const choices = page.getByRole('group', { name: 'Delivery' }).getByRole('radio');
    expect(await choices.count()).toBeGreaterThan(0);
    for (const label of await page
      .getByRole('group', { name: 'Delivery' })
      .locator('label')
      .allTextContents())
      expect(label).toMatch(/^Pick up at /);
    await fillContact(`pickup-${Date.now()}@example.com`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/success$/);
    expect(await page.getByText(/Order \S+ is placed/).isVisible()).toBe(true);
  });

  it('counts a referral once per session, the wish list and a removal from the bag', async () => {
    const campaign = '?utm_source=newsletter&utm_medium=email&utm_campaign=autumn';
    await page.goto(`${theme}/${campaign}`);
    await page.goto(`${theme}/shop${campaign}`);
    await page.goto(`${theme}/product/rose-ceramic-mug`);
    await page.getByRole('button', { name: 'Add to wish list' }).click();
    // The form post comes back to the product page, whose script sends the event.
    await expect.poll(() => sent.filter((e) => e.event === 'add_to_wishlist').length).toBe(1);
    await fillBag();
    await page.goto(`${theme}/bag`);
    await page.getByRole('button', { name: /Remove Rosé Ceramic Mug/ }).click();
    await page.getByText('Your bag is empty').waitFor();
    const kinds = (k: string) => sent.filter((e) => e.event === k).map((e) => e.metadata);
    await expect.poll(() => kinds('remove_from_cart').length).toBe(1);
    expect(kinds('social_referral')).toEqual([
      { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'autumn' },
    ]);
    expect(kinds('add_to_wishlist')).toHaveLength(1);
    expect(kinds('add_to_cart')).toHaveLength(1);
    const product = kinds('add_to_cart')[0]?.productId;
    expect(kinds('add_to_wishlist')[0]?.productId).toBe(product);
    expect(kinds('remove_from_cart')[0]?.productId).toBe(product);
    expect(new Set(sent.map((e) => e.sessionId)).size).toBe(1);
  });
});

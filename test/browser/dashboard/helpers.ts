/**
 * What the dashboard journeys share: signing in as a person does (the code read from the mail
 * sink's JSON API, or an invite link accepted), a check of each screen with axe and the
 * browser's own CSP reports, and the demo shop's keys for the "someone else" of a journey (a
 * storefront buyer, another merchant).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { DEMO_API_KEY, DEMO_MERCHANT_KEY } from '../../../scripts/seed/keys';
import { seriousViolations } from '../helpers/axe';
import { launchBrowser, VIEWPORTS } from '../helpers/chromium';
import { screenshotBoth } from '../helpers/screenshots';

export const OWNER = 'owner@aurora.example';

export const origin = () => inject('devOrigin');
export const mailOrigin = () => inject('mailOrigin');

type Email = {
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  createdAt: string;
};

/** Every email the sink holds for `to`, newest first. */
export async function emailsTo(to: string): Promise<Email[]> {
  const res = await fetch(`${mailOrigin()}/api/emails`);
  const body = (await res.json()) as Email[] | { data: Email[] };
  const list = Array.isArray(body) ? body : body.data;
  return list.filter((m) => m.to.some((t) => t.toLowerCase().includes(to.toLowerCase())));
}

/** Waits for an email to `to` sent after `since` that `match`es, as a person waits for mail. */
export async function waitForEmail(
  to: string,
  since: number,
  match: (m: Email) => boolean = () => true,
  ms = 20_000,
): Promise<Email> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = (await emailsTo(to)).find(
      (m) => Date.parse(m.createdAt) >= since - 1000 && match(m),
    );
    if (found) return found;
    await delay(200);
  }
  throw new Error(`no email to ${to} within ${ms} ms`);
}

/** A fresh browser context at desktop size, its console's CSP violations collected. */
export async function newPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; cspErrors: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  const cspErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  page.on('pageerror', (e) => cspErrors.push(`page error: ${e.message}`));
  return { context, page, cspErrors };
}

/**
 * Axe finds nothing serious on the screen as it stands, at phone width (412 px) and at desktop
 * width (1440 px); with SCREENSHOTS=1, both widths saved. The page ends at the size it had.
 */
export async function checkScreen(page: Page, name: string) {
  const original = page.viewportSize();
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page), `${name} at ${size.width} px`).toEqual([]);
  }
  if (original) await page.setViewportSize(original);
  await screenshotBoth(page, 'dashboard', name);
}

/**
 * Signs in with the code the email carries, starting from `from` (the sign-in page unless
 * told: `/admin`, a deep link) and waiting for the sign-in page it leads to; the caller waits
 * for where it lands (Home unless `lands` is false).
 */
export async function signIn(
  page: Page,
  email: string,
  options: { check?: boolean; from?: string; lands?: boolean } = {},
) {
  await page.goto(`${origin()}${options.from ?? '/admin/sign-in'}`);
  await page.getByRole('heading', { name: 'Sign in to your shop' }).waitFor();
  if (options.check) await checkScreen(page, 'sign-in');
  const since = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Code').waitFor();
  const message = await waitForEmail(email, since, (m) => /\b\d{6}\b/.test(m.text ?? m.html ?? ''));
  const code = /\b(\d{6})\b/.exec(message.text ?? message.html ?? '')?.[1] ?? '';
  if (options.check) await checkScreen(page, 'sign-in-code');
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (options.lands !== false) {
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
  }
}

/** The preset roles a journey's member can hold (src/identity/staff-roles.ts). */
export type RoleKey = 'owner' | 'admin' | 'catalogue_editor' | 'fulfilment' | 'support' | 'analyst';

/**
 * Invites a new person with the preset role `role` through the merchant API (the demo shop's
 * key, as an owner's tool would), so that a journey never shares a person, and with them the
 * per-email sign-in code limits, with another. Answers the email and the invite link sent.
 */
export async function inviteMember(
  role: RoleKey,
  email = `${role.replace('_', '-')}-${unique()}@example.test`,
): Promise<{ email: string; link: string }> {
  const roles = await merchantApi<{ data: { id: string; key: string | null }[] }>(
    '/roles?limit=100',
  );
  const roleId = roles.body.data.find((r) => r.key === role)?.id;
  if (!roleId) throw new Error(`no preset role ${role} in the demo shop (${roles.status})`);
  const since = Date.now();
  const invited = await merchantApi('/invites', {
    method: 'POST',
    body: JSON.stringify({ email, role_id: roleId }),
    headers: { 'idempotency-key': randomUUID() },
  });
  if (invited.status !== 201) {
    throw new Error(`inviting ${email}: ${invited.status} ${JSON.stringify(invited.body)}`);
  }
  return { email, link: await waitForInviteLink(email, since) };
}

/** The link of the invite emailed to `email` after `since`. */
export async function waitForInviteLink(email: string, since: number): Promise<string> {
  const mail = await waitForEmail(email, since, (m) =>
    /\/admin\/invite\?token=/.test(m.text ?? m.html ?? ''),
  );
  const link = /https?:\/\/\S+\/admin\/invite\?token=[^\s"<]+/.exec(mail.text ?? mail.html ?? '');
  if (!link) throw new Error(`the invite to ${email} carries no link`);
  return link[0];
}

/**
 * Signs `page` in as a new member with `role`, invited for the journey; lands on Home. The
 * browser accepts the emailed link with one call of its own (what the invite page sends),
 * because every invite page view counts against the per-network limit on invite links (20 in
 * 10 minutes); the invite page itself has its own journey. Each member accepts from a network
 * of their own, as separate people do (the local runtime takes the client address from
 * `cf-connecting-ip`, as Cloudflare sets it), so the run's many journeys do not share one
 * budget. Answers the member's email.
 */
/**
 * A client address of a network of its own, sent as `cf-connecting-ip` (which the local
 * runtime takes the client address from, as Cloudflare sets it): separate people on separate
 * networks, so the run's journeys do not share one per-network budget.
 */
export function aNetwork(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export async function signInAs(
  page: Page,
  role: RoleKey,
  name = 'Journey Member',
): Promise<string> {
  const { email, link } = await inviteMember(role);
  const token = new URL(link).searchParams.get('token');
  await page.goto(`${origin()}/admin/sign-in`);
  await page.getByRole('heading', { name: 'Sign in to your shop' }).waitFor();
  const network = aNetwork();
  const status = await page.evaluate(
    async ({ token, name, network }) =>
      (
        await fetch('/admin/api/v1/invites/accept', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': network },
          body: JSON.stringify({ token, name }),
        })
      ).status,
    { token, name, network },
  );
  if (status !== 200) throw new Error(`accepting the invite to ${email}: ${status}`);
  await page.goto(`${origin()}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
  return email;
}

/** A journey's browser and its signed-in page, as `useDashboardPage` sets them up. */
export type DashboardPage = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The CSP violations and page errors seen so far; the journey ends with none. */
  cspErrors: string[];
  /** The email of the member signed in on `page`. */
  email: string;
};

/**
 * The set-up a journey of one signed-in page shares with the others, registered as its file's
 * hooks: before all, a browser, a desktop page and a new member with `role` signed in on it;
 * after all, no CSP violation or page error seen, and the browser closed. The fields are
 * filled by the before-all hook, so read them inside tests and later hooks, not at load.
 */
export function useDashboardPage(role: RoleKey): DashboardPage {
  const journey = {} as DashboardPage;
  beforeAll(async () => {
    journey.browser = await launchBrowser();
    Object.assign(journey, await newPage(journey.browser));
    journey.email = await signInAs(journey.page, role);
  });
  afterAll(async () => {
    try {
      expect(journey.cspErrors).toEqual([]);
    } finally {
      await journey.browser?.close();
    }
  });
  return journey;
}

/** The merchant API as another merchant tool would call it, with the demo shop's key. */
export async function merchantApi<T = unknown>(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${origin()}/admin/api/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${DEMO_MERCHANT_KEY}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** The storefront API as the shop's theme calls it. */
export async function storefrontApi<T = unknown>(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${origin()}/access/api/v1${path}`, {
    ...init,
    headers: {
      'x-api-key': DEMO_API_KEY,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A guest checkout on the storefront, as the theme places it: two travel tins. */
export async function placeOrder(email: string) {
  const product = await storefrontApi<{ data: { _id: string } }>('/products/travel-tin-candle');
  const rates = await merchantApi<{
    data: { id: string; active: boolean; min_order_amount: number | null }[];
  }>('/shipping-rates?limit=10');
  // A rate any order reaches: one with a minimum would refuse two small candles.
  const rate = rates.body.data.find((r) => r.active && !r.min_order_amount);
  // A buyer of their own network: the per-network order limit (10 in 10 minutes) counts the
  // run's journeys together otherwise.
  const placed = await storefrontApi<{ data: { _id: string; orderNumber: string } }>('/orders', {
    method: 'POST',
    headers: { 'cf-connecting-ip': aNetwork() },
    body: JSON.stringify({
      cart: [{ type: 'product', productId: product.body.data._id, quantity: 2 }],
      name: 'Grace Hopper',
      email,
      phone: '+15550100',
      town: 'London',
      city: 'Marylebone',
      shippingId: rate?.id,
    }),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.data;
}

/** A shopper signs in on the storefront with the emailed code, which makes their account. */
export async function storefrontSignIn(email: string): Promise<void> {
  const since = Date.now();
  const asked = await storefrontApi<{ data: { id: string } }>('/auth', {
    method: 'POST',
    body: JSON.stringify({ email }),
  });
  expect(asked.status).toBe(200);
  const mail = await waitForEmail(email, since, (m) => /\b\d{6}\b/.test(m.text ?? m.html ?? ''));
  const code = /\b(\d{6})\b/.exec(mail.text ?? mail.html ?? '')?.[1];
  const verified = await storefrontApi('/auth/verify', {
    method: 'POST',
    body: JSON.stringify({ email, id: asked.body.data.id, code, event: 'login' }),
  });
  expect(verified.status).toBe(200);
}

/** A unique suffix for what a journey creates, so reruns against one stack do not collide. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

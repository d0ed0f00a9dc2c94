import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grants, type MerchantScope } from '../../../src/identity/merchant-scopes';
import { dashboardRoutes } from '../../node/structure/dashboard';
import { launchBrowser, VIEWPORTS } from '../helpers/chromium';
import {
  checkScreen,
  newPage,
  OWNER,
  origin,
  placeOrder,
  signIn,
  signInAs,
  unique,
  waitForInviteLink,
} from './helpers';

/** The navigation's sections, as the dashboard's routes declare them. */
const { sections: SECTIONS } = await dashboardRoutes();

/** The merchant API list a dashboard section reads, where its path is not the API's. */
const SECTION_API: Record<string, string> = {
  '/content': '/content-models',
  '/marketing': '/coupons',
  '/developers': '/keys',
};

type Me = { scopes: string[]; role: { key: string | null; name: string } | null };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The member's scopes as the API reports them to the signed-in page. */
const meOf = async (page: Page) =>
  (await (await page.request.get(`${origin()}/admin/api/v1/me`)).json()) as Me;

/** What the navigation shows must be exactly what the scope table allows the member. */
async function expectSectionsFor(page: Page) {
  const me = await meOf(page);
  const expected = SECTIONS.filter(
    (s) => s.scope === null || grants(me.scopes as MerchantScope[], s.scope as MerchantScope),
  ).map((s) => s.label);
  const shown = await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link')
    .allTextContents();
  expect(shown).toEqual(expected);
  return me;
}

describe('who sees what', () => {
  it('shows the owner every section, and the catalogue editor only what the role allows', async () => {
    const owner = await newPage(browser);
    // The one journey that signs in with an emailed code; the others sign in as members of
    // their own, invited for the journey, so no two share a person's code limits.
    await signIn(owner.page, OWNER, { check: true });
    const ownerMe = await expectSectionsFor(owner.page);
    expect(ownerMe.role?.key).toBe('owner');
    expect(
      await owner.page.getByRole('navigation', { name: 'Sections' }).getByRole('link').count(),
    ).toBe(SECTIONS.length);
    await owner.context.close();

    const editor = await newPage(browser);
    await signInAs(editor.page, 'catalogue_editor');
    const me = await expectSectionsFor(editor.page);
    expect(me.role?.key).toBe('catalogue_editor');
    // Every section the role lacks says so instead of showing data, and the API agrees.
    for (const section of SECTIONS) {
      if (
        section.scope === null ||
        grants(me.scopes as MerchantScope[], section.scope as MerchantScope)
      )
        continue;
      await editor.page.goto(`${origin()}/admin${section.path}`);
      await editor.page.getByRole('heading', { level: 1, name: 'Not available' }).waitFor();
      await checkScreen(editor.page, `not-available-${section.label.toLowerCase()}`);
      const api = await editor.page.request.get(
        `${origin()}/admin/api/v1${SECTION_API[section.path] ?? section.path}`,
      );
      expect(api.status(), section.path).toBe(403);
    }
    expect(editor.cspErrors).toEqual([]);
    await editor.context.close();
  });

  it('signs a person in from an invite link, with the invited role only', async () => {
    const owner = await newPage(browser);
    await signInAs(owner.page, 'owner');
    const roles = (await (
      await owner.page.request.get(`${origin()}/admin/api/v1/roles`)
    ).json()) as {
      data: { id: string; key: string | null }[];
    };
    const support = roles.data.find((r) => r.key === 'support');
    expect(support).toBeDefined();
    const email = `invitee-${unique()}@example.test`;
    const since = Date.now();
    const invited = await owner.page.request.post(`${origin()}/admin/api/v1/invites`, {
      data: { email, role_id: support?.id },
      headers: { origin: origin() },
    });
    expect(invited.status()).toBeLessThan(300);
    await owner.context.close();

    const link = await waitForInviteLink(email, since);
    const invitee = await newPage(browser);
    await invitee.page.goto(`${origin()}/admin/invite?${new URL(link).searchParams}`);
    await invitee.page.getByRole('heading', { level: 1, name: 'Join a shop' }).waitFor();
    await invitee.page.getByText(email).waitFor();
    await checkScreen(invitee.page, 'invite');
    await invitee.page.getByLabel('Your name').fill('Sam Support');
    await invitee.page.getByRole('button', { name: 'Accept and sign in' }).click();
    await invitee.page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    const me = await expectSectionsFor(invitee.page);
    expect(me.role?.key).toBe('support');

    // Their account lists this browser's session; signing out ends it.
    await invitee.page.getByRole('link', { name: 'Sam Support' }).click();
    await invitee.page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await invitee.page.getByText('(this browser)').waitFor();
    await checkScreen(invitee.page, 'account');
    await invitee.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await invitee.page.getByRole('heading', { name: 'Sign in to your shop' }).waitFor();
    expect((await invitee.page.request.get(`${origin()}/admin/api/v1/me`)).status()).toBe(401);
    expect(invitee.cspErrors).toEqual([]);
    await invitee.context.close();
  });

  it('says so when the code is wrong', async () => {
    const member = await newPage(browser);
    const email = await signInAs(member.page, 'analyst');
    await member.context.close();
    const { page, context } = await newPage(browser);
    await page.goto(`${origin()}/admin/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That code is wrong or has expired').waitFor();
    await checkScreen(page, 'sign-in-wrong-code');
    await context.close();
  });
});

describe('signing in from every address', () => {
  /** A new member with `role`, who has never signed in with a code. */
  async function newMember(role: 'admin' | 'fulfilment') {
    const setUp = await newPage(browser);
    const email = await signInAs(setUp.page, role);
    await setUp.context.close();
    return email;
  }

  it('signs in from /admin, the address the dev server prints, and lands on Home', async () => {
    const email = await newMember('admin');
    const { page, context, cspErrors } = await newPage(browser);
    await signIn(page, email, { from: '/admin' });
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/?$/);
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    // The code form is gone: the page shows the shop, not sign-in.
    expect(await page.getByLabel('Code').count()).toBe(0);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('returns a deep link to where it pointed after sign-in', async () => {
    const placed = await placeOrder(`buyer-${unique()}@example.test`);
    const email = await newMember('fulfilment');
    const { page, context, cspErrors } = await newPage(browser);
    await signIn(page, email, { from: `/admin/orders/${placed._id}`, lands: false });
    await page.getByRole('heading', { level: 1, name: `Order #${placed.orderNumber}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/orders/${placed._id}`);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('signs in from /admin/sign-in and from a sign-in link that points elsewhere, landing home', async () => {
    const email = await newMember('admin');
    const { page, context } = await newPage(browser);
    // A return address outside the dashboard is not followed.
    await signIn(page, email, { from: '/admin/sign-in?redirect=//evil.example/x' });
    expect(new URL(page.url()).origin).toBe(origin());
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/?$/);
    await context.close();
  });
});

describe('on a phone', () => {
  it('keeps the header to one row, with the sections behind a Menu button', async () => {
    const { page, context, cspErrors } = await newPage(browser);
    await signInAs(page, 'owner');
    await page.setViewportSize(VIEWPORTS.phone);
    const header = page.locator('header.top');
    const closed = await header.boundingBox();
    expect(closed?.height).toBeLessThanOrEqual(120);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
    await checkScreen(page, 'phone-menu-closed');

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('link', { name: 'Orders' }).waitFor();
    await checkScreen(page, 'phone-menu');
    // Choosing a section goes there and closes the menu again.
    await sections.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(120);
    expect(cspErrors).toEqual([]);
    await context.close();
  });
});

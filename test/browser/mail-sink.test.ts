import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { seriousViolations } from './helpers/axe';
import { launchBrowser } from './helpers/chromium';

// The mail sink is where a developer reads every email the stack sends (sign-in codes,
// invites, order mail): the journeys of both UIs read their codes there as a person would.
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(async () => browser?.close());

it('shows the inbox with a heading, and passes axe', async () => {
  await page.goto(inject('mailOrigin'));
  await expect(
    page.getByRole('heading', { level: 1, name: /Mail sink/ }).isVisible(),
  ).resolves.toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});

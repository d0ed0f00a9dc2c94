/**
 * Opens both API references (/docs and /admin/docs) in headless Chromium, offline, and
 * checks that each renders its operations, not a blank page: it counts the operations shown, lists every request the
 * page made to anywhere but the worker (there must be none) and every Content-Security-Policy
 * violation (none) and every console error (none), and saves screenshots.
 *
 *   apt-get install -y chromium     # Debian's; the script drives it with playwright-core
 *   npx tsx bench/docs-screenshot.ts [out.png]
 *
 * bench/DOCS-SCREENSHOT.md records a run. Exits 1 when a check fails.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildWorker, serveWorker } from '../scripts/local/worker';
import { REPO_ROOT } from './lib/worker';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'bench/docs-screenshot.png'));

/** Enough configuration for the worker to start; the page and the document need no database. */
const BINDINGS = {
  DATABASE_URL: 'postgres://docs@127.0.0.1:9/none',
  KV_STORE: 'memory',
  RESEND_API_KEY: 're_docs_screenshot',
  AUTH_TOKEN_KEYS: `docs:${'x'.repeat(32)}`,
  APP_HMAC_SECRET: 'y'.repeat(32),
};

type Inspection = {
  /** Requests to anywhere but the worker, CSP violations and other console errors. */
  foreign: string[];
  violations: string[];
  errors: string[];
};

/** Records what a page requests and reports, so the checks can read it afterwards. */
function watch(page: Page, origin: string): Inspection {
  const seen: Inspection = { foreign: [], violations: [], errors: [] };
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:'))
      seen.foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text()))
      seen.violations.push(message.text());
    else if (message.type() === 'error') seen.errors.push(message.text());
  });
  return seen;
}

/** The summaries of every operation of the OpenAPI document at `url`. */
async function summariesOf(url: string): Promise<string[]> {
  const document = (await (await fetch(url)).json()) as {
    paths: Record<string, Record<string, { summary: string }>>;
  };
  return Object.values(document.paths).flatMap((item) =>
    Object.values(item).map((op) => op.summary),
  );
}

/** Which of `summaries` the page's text shows (the reference may strip code marks). */
const shownOf = (body: string, summaries: string[]) =>
  summaries.filter((s) => body.includes(s.replaceAll('`', '')) || body.includes(s));

/** The storefront reference: the guide, one operation with its samples, three tags opened. */
async function storefrontPage(page: Page, origin: string) {
  const seen = watch(page, origin);
  const started = Date.now();
  await page.goto(`${origin}/docs`, { waitUntil: 'networkidle' });
  // The reference renders each operation's summary as a heading once the document loads.
  await page
    .getByText('Public shop configuration')
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(() => undefined);
  const renderedMs = Date.now() - started;
  const summaries = await summariesOf(`${origin}/access/api/v1/openapi.json`);
  await page.screenshot({ path: OUT });
  // Then one operation, with its example and code samples (the reference opens a tag's
  // operations when the tag is visited).
  await page.goto(`${origin}/docs#tag/products/GET/products/{id}`);
  await page
    .getByText('Typed client')
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(() => undefined);
  await page.screenshot({ path: OUT.replace(/\.png$/, '-operation.png') });
  for (const tag of ['Products', 'Orders', 'Sign-in and profile']) {
    await page.getByText(tag, { exact: true }).first().click();
  }
  await page.waitForTimeout(2_000);
  const body = await page.locator('body').innerText();
  const shown = shownOf(body, summaries);
  const samples = ['Typed client', 'curl', 'createStorefrontClient'].filter((t) =>
    body.includes(t),
  );
  const report = {
    screenshots: [OUT, OUT.replace(/\.png$/, '-operation.png')].map((f) =>
      path.relative(REPO_ROOT, f),
    ),
    renderedMs,
    operationsInDocument: summaries.length,
    operationSummariesOnPage: shown.length,
    gettingStartedShown: body.includes('Getting started'),
    codeSamplesShown: samples,
    requestsToOtherOrigins: seen.foreign,
    cspViolations: seen.violations,
    consoleErrors: seen.errors,
  };
  const ok =
    shown.length >= 10 && samples.length === 3 && report.gettingStartedShown && clean(seen);
  return { ok, report };
}

/** The merchant reference: its introduction and every tag's operations. */
async function merchantPage(page: Page, origin: string) {
  const seen = watch(page, origin);
  const out = OUT.replace(/\.png$/, '-merchant.png');
  await page.goto(`${origin}/admin/docs`, { waitUntil: 'networkidle' });
  await page
    .getByText('Manage one shop from your own systems')
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(() => undefined);
  await page.screenshot({ path: out });
  const document = `${origin}/admin/api/v1/openapi.json`;
  const tags = ((await (await fetch(document)).json()) as { tags: Array<{ name: string }> }).tags;
  for (const tag of tags) {
    await page
      .getByText(tag.name, { exact: true })
      .first()
      .click()
      .catch(() => undefined);
  }
  await page.waitForTimeout(2_000);
  const body = await page.locator('body').innerText();
  const summaries = await summariesOf(document);
  const shown = shownOf(body, summaries);
  const report = {
    screenshot: path.relative(REPO_ROOT, out),
    operationsInDocument: summaries.length,
    operationSummariesOnPage: shown.length,
    introductionShown: body.includes('Manage one shop from your own systems'),
    requestsToOtherOrigins: seen.foreign,
    cspViolations: seen.violations,
    consoleErrors: seen.errors,
  };
  const ok = shown.length >= Math.min(10, summaries.length) && report.introductionShown;
  return { ok: ok && clean(seen), report };
}

/** Nothing left the worker's origin, and the page logged no violation and no error. */
const clean = (seen: Inspection) =>
  seen.foreign.length === 0 && seen.violations.length === 0 && seen.errors.length === 0;

async function main() {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  const buildDir = await mkdtemp(path.join(tmpdir(), 'storefront-docs-'));
  const worker = await serveWorker({ built: await buildWorker(buildDir), bindings: BINDINGS });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const viewport = { viewport: { width: 1440, height: 1000 } };
    const storefront = await storefrontPage(await browser.newPage(viewport), worker.origin);
    const merchant = await merchantPage(await browser.newPage(viewport), worker.origin);
    console.log(
      JSON.stringify({ storefront: storefront.report, merchant: merchant.report }, null, 2),
    );
    if (!storefront.ok || !merchant.ok) process.exitCode = 1;
  } finally {
    await browser.close();
    await worker.stop();
    await rm(buildDir, { recursive: true, force: true });
  }
}

await main();

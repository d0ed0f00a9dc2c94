/**
 * Opens the API reference (/docs) in headless Chromium, offline, and checks that it renders
 * the operations, not a blank page: it counts the operations shown, lists every request the
 * page made to anywhere but the worker (there must be none) and every Content-Security-Policy
 * violation (none), and saves a screenshot.
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
import { chromium } from 'playwright-core';
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
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const foreign: string[] = [];
    const violations: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(worker.origin) && !request.url().startsWith('data:'))
        foreign.push(request.url());
    });
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
      else if (message.type() === 'error') errors.push(message.text());
    });
    const started = Date.now();
    await page.goto(`${worker.origin}/docs`, { waitUntil: 'networkidle' });
    // The reference renders each operation's summary as a heading once the document loads.
    await page
      .getByText('Public shop configuration')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(() => undefined);
    const renderedMs = Date.now() - started;
    const document = (await (
      await fetch(`${worker.origin}/access/api/v1/openapi.json`)
    ).json()) as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    const summaries = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.summary),
    );
    await page.screenshot({ path: OUT });
    // Then one operation, with its example and code samples (the reference opens a tag's
    // operations when the tag is visited).
    await page.goto(`${worker.origin}/docs#tag/products/GET/products/{id}`);
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
    const shown = summaries.filter((s) => body.includes(s.replaceAll('`', '')) || body.includes(s));
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
      requestsToOtherOrigins: foreign,
      cspViolations: violations,
      consoleErrors: errors,
    };
    console.log(JSON.stringify(report, null, 2));
    const ok =
      shown.length >= 10 &&
      samples.length === 3 &&
      report.gettingStartedShown &&
      foreign.length === 0 &&
      violations.length === 0;
    if (!ok) process.exitCode = 1;
  } finally {
    await browser.close();
    await worker.stop();
    await rm(buildDir, { recursive: true, force: true });
  }
}

await main();

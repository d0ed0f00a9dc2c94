/**
 * Budget: the products list of a 10,000-product shop is interactive within 1 s locally.
 *
 * Starts `npm run dev` (fresh data directory), grows the demo shop to 10,000 products with
 * set-based SQL (bench/lib/big-catalogue.ts), signs an admin in through an emailed invite,
 * then in headless Chromium (@sparticuz/chromium) opens /admin/products RUNS times, each in a
 * fresh browser context (empty cache), and measures in the page (performance.now, polled
 * every animation frame):
 *
 * - interactive: navigation start to 25 rows visible and the search box enabled;
 * - page 2: "Next page" clicked to page 2's rows shown;
 * - search: a title typed and "Search" clicked to its one row shown;
 * - filter: Status "Draft" chosen to a page of drafts only.
 *
 * Also GET /admin/api/v1/products as the dashboard sends it (its time and the Postgres
 * statements it sends), and the list statements' plans (bench/lib/list-plans.ts). Writes bench/results/dashboard-products-10k.json; prints the
 * markdown table bench/DASHBOARD.md keeps.
 *
 *   npm run bench:dashboard:10k          (DASHBOARD_RUNS=5, DASHBOARD_PRODUCTS=10000)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../test/browser/helpers/chromium';
import { growCatalogue } from './lib/big-catalogue';
import { median, signInStaff, startDevStack } from './lib/dashboard-session';
import { productListPlans } from './lib/list-plans';
import { describeMachine, envInt } from './lib/machine';

const RUNS = envInt('DASHBOARD_RUNS', 5, 50);
const PRODUCTS = envInt('DASHBOARD_PRODUCTS', 10_000, 100_000);
const BUDGET_MS = 1000;
const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * performance.now() in the page once `ready` (an arrow function's source, given `arg`)
 * holds, checked every animation frame.
 */
async function when(page: Page, ready: string, arg: unknown = null): Promise<number> {
  const handle = await page.waitForFunction(
    `(${ready})(${JSON.stringify(arg)}) && performance.now()`,
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** The list settled (not fetching) with `a` as its caption, its rows laid out. */
const ROWS_SHOWN = `(a) => {
  const table = document.querySelector('table');
  const rows = document.querySelectorAll('tbody tr');
  const box = document.querySelector('input[type=search]');
  return !!table && table.getAttribute('aria-busy') !== 'true' && rows.length >= 25
    && !!box && !box.disabled && rows[0].getBoundingClientRect().height > 0
    && table.querySelector('caption')?.textContent === a;
}`;
const ONLY_ROW = `(a) => {
  const table = document.querySelector('table');
  const rows = [...document.querySelectorAll('tbody tr')];
  return !!table && table.getAttribute('aria-busy') !== 'true' && rows.length === 1
    && rows[0].textContent.includes(a);
}`;
const ALL_DRAFTS = `() => {
  const table = document.querySelector('table');
  const badges = [...document.querySelectorAll('tbody .badge')];
  return !!table && table.getAttribute('aria-busy') !== 'true' && badges.length >= 25
    && badges.every((b) => b.textContent === 'draft');
}`;

const STEPS = ['interactive', 'page2', 'search', 'filter'] as const;
type Step = (typeof STEPS)[number];
/** Each step's time in the page, and how long its products request took (resource timing). */
type Run = Record<Step, number> & { request: Record<Step, number> };

/** The duration of the page's latest GET /admin/api/v1/products. */
const lastRequest = (page: Page): Promise<number> =>
  page.evaluate(`performance.getEntriesByType('resource')
    .filter((e) => e.name.includes('/admin/api/v1/products?')).at(-1)?.duration ?? NaN`);

async function measureOnce(context: BrowserContext, origin: string): Promise<Run> {
  const page = await context.newPage();
  // Each run loads the dashboard's files again, as after a deploy.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  try {
    await page.goto(`${origin}/admin/products`, { waitUntil: 'commit' });
    const interactive = await when(page, ROWS_SHOWN, 'Products, page 1');
    const request = { interactive: await lastRequest(page) } as Record<Step, number>;

    let start = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Next page' }).click();
    const page2 = (await when(page, ROWS_SHOWN, 'Products, page 2')) - start;
    request.page2 = await lastRequest(page);

    const title = `Bench product ${Math.floor(PRODUCTS / 3) + 1}`;
    await page.getByRole('searchbox', { name: 'Search products' }).fill(title);
    start = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const search = (await when(page, ONLY_ROW, title)) - start;
    request.search = await lastRequest(page);

    await page.goto(`${origin}/admin/products`);
    await when(page, ROWS_SHOWN, 'Products, page 1');
    start = await page.evaluate(() => performance.now());
    await page.getByLabel('Status').selectOption('draft');
    const filter = (await when(page, ALL_DRAFTS)) - start;
    request.filter = await lastRequest(page);
    return { interactive, page2, search, filter, request };
  } finally {
    await page.close();
  }
}

/**
 * The API call the list makes, timed from here, and the Postgres statements it sends (the
 * worker's `Server-Timing`: `db` for the endpoint, `shop` for resolving the shop).
 */
async function measureApi(origin: string, context: BrowserContext) {
  const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');
  const get = async () => {
    const t = performance.now();
    const res = await fetch(`${origin}/admin/api/v1/products?limit=25`, { headers: { cookie } });
    await res.text();
    if (!res.ok) throw new Error(`GET /products: ${res.status}`);
    const timing = res.headers.get('server-timing') ?? '';
    const count = (name: string) => Number(new RegExp(`${name};desc="(\\d+)"`).exec(timing)?.[1]);
    return { ms: performance.now() - t, db: count('db'), shop: count('shop') };
  };
  await get();
  const calls = [];
  for (let i = 0; i < 20; i++) calls.push(await get());
  return {
    medianMs: median(calls.map((c) => c.ms)),
    statements: median(calls.map((c) => c.db)),
    shopStatements: median(calls.map((c) => c.shop)),
  };
}

const stack = await startDevStack();
try {
  const grown = await growCatalogue(stack.databaseUrl, 'aurora', PRODUCTS);
  console.error(`${grown.products} products in the demo shop`);
  const browser = await launchBrowser();
  const runs: Run[] = [];
  let api: Awaited<ReturnType<typeof measureApi>>;
  try {
    // The probes are evaluated from source, which the dashboard's CSP (no eval) would refuse.
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, bypassCSP: true });
    await signInStaff(stack, await context.newPage());
    api = await measureApi(stack.origin, context);
    await measureOnce(context, stack.origin); // warms the worker and Postgres
    for (let i = 0; i < RUNS; i++) {
      const run = await measureOnce(context, stack.origin);
      console.error(
        `run ${i + 1}: ${JSON.stringify(run, (_, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
      );
      runs.push(run);
    }
  } finally {
    await browser.close();
  }
  const plans = await productListPlans(stack.databaseUrl, grown.shopId);
  const med = (k: Step) => Math.round(median(runs.map((r) => r[k])));
  const medRequest = (k: Step) => Math.round(median(runs.map((r) => r.request[k])));
  const result = {
    measuredAt: new Date().toISOString(),
    machine: describeMachine(),
    products: grown.products,
    runs: RUNS,
    budgetMs: BUDGET_MS,
    medianMs: Object.fromEntries(STEPS.map((k) => [k, med(k)])) as Record<Step, number>,
    requestMedianMs: Object.fromEntries(STEPS.map((k) => [k, medRequest(k)])),
    api: { ...api, medianMs: Math.round(api.medianMs) },
    postgresMs: plans,
    all: runs,
  };
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(
    path.join(ROOT, 'bench/results/dashboard-products-10k.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  const m = result.medianMs;
  console.log(
    [
      `${grown.products} products, median of ${RUNS} runs, ${result.measuredAt.slice(0, 10)}, load ${result.machine.loadAverage}:`,
      '',
      '| step | median | its products request (median) | all runs |',
      '| --- | --- | --- | --- |',
      ...STEPS.map(
        (k) =>
          `| ${k} | ${m[k]} ms | ${medRequest(k)} ms | ${runs.map((r) => Math.round(r[k])).join(' / ')} |`,
      ),
      '',
      `GET /admin/api/v1/products?limit=25 from Node, signed in: median ${result.api.medianMs} ms over 20 calls; ${api.statements} Postgres statements per request (Server-Timing \`db\`), ${api.shopStatements} to resolve the shop.`,
      '',
      '| list statement (EXPLAIN ANALYZE, median of 7) | with products_shop_created_idx | without it | products read by |',
      '| --- | --- | --- | --- |',
      ...Object.entries(plans).map(
        ([name, p]) => `| ${name} | ${p.withIndex} ms | ${p.without} ms | ${p.scan} |`,
      ),
    ].join('\n'),
  );
  if (m.interactive > BUDGET_MS) {
    console.error(`over budget: interactive in ${m.interactive} ms > ${BUDGET_MS} ms`);
    process.exitCode = 1;
  }
} finally {
  await stack.stop();
}

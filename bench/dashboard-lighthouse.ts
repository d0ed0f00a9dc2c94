/**
 * Lighthouse 12.2.3 accessibility of the dashboard's sign-in, products list, product editor
 * and orders list (budget: 95 each), in the headless Chromium from @sparticuz/chromium.
 * Starts `npm run dev` (fresh data directory), measures the sign-in page signed out, then
 * signs an admin in through an emailed invite in the same browser profile and keeps the
 * session (Lighthouse's storage reset is off, so its tabs stay signed in). Each page is
 * measured LIGHTHOUSE_RUNS times (default 3); prints the medians and the failing audits with
 * their elements, writes bench/results/dashboard-lighthouse.json.
 *
 *   npm run bench:dashboard:lighthouse
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import chromium from '@sparticuz/chromium';
import lighthouse from 'lighthouse';
import { chromium as playwright } from 'playwright-core';
import { DEMO_MERCHANT_KEY } from '../scripts/seed/keys';
import { median, signInStaff, startDevStack } from './lib/dashboard-session';
import { describeMachine, envInt } from './lib/machine';

const RUNS = envInt('LIGHTHOUSE_RUNS', 3, 20);
const TARGET = 95;
const PORT = 9334;
const ROOT = path.resolve(import.meta.dirname, '..');

type Row = { page: string; path: string; scores: number[]; failed: Record<string, string[]> };

async function audit(url: string): Promise<{ score: number; failed: Record<string, string[]> }> {
  const result = await lighthouse(url, {
    port: PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['accessibility'],
    formFactor: 'desktop',
    screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1 },
    throttlingMethod: 'provided',
    disableStorageReset: true,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  const failed: Record<string, string[]> = {};
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const a = lhr.audits[ref.id];
    if (!a || ref.weight === 0 || a.score === null || a.score === 1) continue;
    const items = (a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items;
    failed[a.id] = (items ?? []).map((i) => i.node?.snippet ?? '').filter(Boolean);
  }
  return { score: Math.round((lhr.categories.accessibility?.score ?? 0) * 100), failed };
}

const stack = await startDevStack();
const profile = await mkdtemp(path.join(tmpdir(), 'dashboard-lighthouse-'));
try {
  const products = (await (
    await fetch(`${stack.origin}/admin/api/v1/products?limit=1`, {
      headers: { authorization: `Bearer ${DEMO_MERCHANT_KEY}` },
    })
  ).json()) as { data: { id: string; title: string }[] };
  const productId = products.data[0]?.id;
  const productTitle = products.data[0]?.title ?? '';
  if (!productId) throw new Error('the demo shop has no product');
  // One profile: the tabs Lighthouse opens share its cookies.
  const context = await playwright.launchPersistentContext(profile, {
    executablePath: await chromium.executablePath(),
    args: [
      ...chromium.args.filter((a) => !a.startsWith('--single-process')),
      `--remote-debugging-port=${PORT}`,
    ],
    headless: true,
  });
  // Each page with the heading it shows once loaded (so a score is never a spinner's).
  const pages: [string, string, string][] = [
    ['Sign-in', '/admin/sign-in', 'Sign in to your shop'],
    ['Products list', '/admin/products', 'Products'],
    ['Product editor', `/admin/products/${productId}`, productTitle],
    ['Orders list', '/admin/orders', 'Orders'],
  ];
  const rows: Row[] = [];
  try {
    for (const [name, at, heading] of pages) {
      if (name === 'Products list') await signInStaff(stack, await context.newPage());
      const check = await context.newPage();
      await check.goto(`${stack.origin}${at}`);
      await check.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await check.close();
      const row: Row = { page: name, path: at, scores: [], failed: {} };
      for (let run = 0; run < RUNS; run++) {
        const { score, failed } = await audit(`${stack.origin}${at}`);
        row.scores.push(score);
        Object.assign(row.failed, failed);
      }
      console.error(`${name}: ${row.scores.join('/')}`, JSON.stringify(row.failed, null, 1));
      rows.push(row);
    }
  } finally {
    await context.close();
  }
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(
    path.join(ROOT, 'bench/results/dashboard-lighthouse.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: describeMachine(), runs: RUNS, rows }, null, 2)}\n`,
  );
  console.log(
    [
      `Lighthouse 12.2.3 accessibility, desktop, median of ${RUNS} runs (budget ${TARGET}):`,
      '',
      '| page | path | accessibility | failing audits |',
      '| --- | --- | --- | --- |',
      ...rows.map((r) => {
        const score = median(r.scores);
        const failed = Object.entries(r.failed)
          .map(([id, nodes]) => `${id}${nodes.length ? ` (${nodes.length})` : ''}`)
          .join(', ');
        return `| ${r.page} | \`${r.path.replace(productId, ':id')}\` | ${score}${score < TARGET ? ' (below budget)' : ''} | ${failed || '—'} |`;
      }),
    ].join('\n'),
  );
  if (rows.some((r) => median(r.scores) < TARGET)) process.exitCode = 1;
} finally {
  await stack.stop();
  await rm(profile, { recursive: true, force: true });
}

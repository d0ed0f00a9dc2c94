/**
 * Lighthouse 12.2.3 (the last release that runs on Node 20 offline) on the reference theme's
 * main pages, mobile form factor with Lighthouse's default simulated throttling, in the headless
 * Chromium from @sparticuz/chromium. Needs `npm run dev` running (THEME_ORIGIN, default
 * http://127.0.0.1:8788).
 *
 *   npm run bench:theme:lighthouse
 */
import chromium from '@sparticuz/chromium';
import lighthouse from 'lighthouse';
import { chromium as playwright } from 'playwright-core';

const origin = process.env.THEME_ORIGIN ?? 'http://127.0.0.1:8788';
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;

const shop = await (await fetch(`${origin}/shop`)).text();
const product = /href="(\/product\/[^"]+)"/.exec(shop)?.[1] ?? '/product/linen-boxy-tee';
const pages = process.env.THEME_PAGES?.split(',') ?? [
  '/',
  '/shop',
  product,
  '/search?term=linen',
  '/bag',
];

const PORT = 9333;
// The browser the journeys use, with a DevTools port for Lighthouse to drive.
const browser = await playwright.launch({
  executablePath: await chromium.executablePath(),
  args: [
    ...chromium.args.filter((a) => !a.startsWith('--single-process')),
    `--remote-debugging-port=${PORT}`,
  ],
  headless: true,
});
const rows: string[] = [];
try {
  for (const page of pages) {
    const result = await lighthouse(`${origin}${page}`, {
      port: PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
      formFactor: 'mobile',
    });
    const categories = result?.lhr.categories ?? {};
    const scores = Object.entries(TARGETS).map(([id, target]) => {
      const score = Math.round((categories[id]?.score ?? 0) * 100);
      return `${score}${score >= target ? '' : ` (below ${target})`}`;
    });
    const failed = Object.values(result?.lhr.audits ?? {})
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const audits = result?.lhr.audits ?? {};
    const ms = (id: string) => `${Math.round(audits[id]?.numericValue ?? 0)}`;
    const metrics = `FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms, CLS ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}, server ${ms('server-response-time')} ms`;
    rows.push(`| ${page} | ${scores.join(' | ')} | ${metrics} | ${failed.join(', ') || '—'} |`);
    console.error(`${page}: ${scores.join(', ')}; ${metrics}`);
  }
} finally {
  await browser.close();
}
console.log(
  [
    `Lighthouse 12.2.3, mobile, ${origin}:`,
    '',
    '| page | performance | accessibility | best practices | SEO | metrics (simulated mobile) | failed binary audits |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);

/**
 * Lighthouse 12.2.3 (the last release that runs on Node 20 offline) on the reference theme's
 * main pages, mobile form factor with Lighthouse's default simulated throttling, in the headless
 * Chromium from @sparticuz/chromium. Needs `npm run dev` running (THEME_ORIGIN, default
 * http://127.0.0.1:8788). Each page is measured THEME_RUNS times (default 3) and the medians
 * are reported (with the bytes the page loaded, `total-byte-weight`), with the opportunities
 * Lighthouse saw in any run. With photos in place of the demo's SVGs: `npm run bench:theme:photos`
 * first (bench/theme-photos.ts).
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

const RUNS = Math.max(1, Number(process.env.THEME_RUNS) || 3);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['server', 'server-response-time'],
] as const;

/** Adds `value` to the list kept under `key`. */
const push = (lists: Record<string, number[]>, key: string, value: number) => {
  lists[key] = [...(lists[key] ?? []), value];
};

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
    const scores: Record<string, number[]> = {};
    const metrics: Record<string, number[]> = {};
    const cls: number[] = [];
    const weight: number[] = [];
    const failed = new Set<string>();
    const opportunities = new Map<string, string>();
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${origin}${page}`, {
        port: PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
        formFactor: 'mobile',
      });
      const categories = result?.lhr.categories ?? {};
      for (const id of Object.keys(TARGETS))
        push(scores, id, Math.round((categories[id]?.score ?? 0) * 100));
      const audits = result?.lhr.audits ?? {};
      for (const [, id] of METRICS) push(metrics, id, audits[id]?.numericValue ?? 0);
      cls.push(audits['cumulative-layout-shift']?.numericValue ?? 0);
      weight.push(audits['total-byte-weight']?.numericValue ?? 0);
      for (const a of Object.values(audits)) {
        if (a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary') failed.add(a.id);
        if (a.details?.type === 'opportunity' && a.score !== null && a.score < 1)
          opportunities.set(a.id, a.displayValue ?? '');
      }
    }
    const shown = Object.entries(TARGETS).map(([id, target]) => {
      const score = median(scores[id] ?? []);
      return `${score}${score >= target ? '' : ` (below ${target})`}`;
    });
    const measured = [
      ...METRICS.map(([name, id]) => `${name} ${Math.round(median(metrics[id] ?? []))} ms`),
      `page weight ${Math.round(median(weight) / 1024)} KiB`,
    ].join(', ');
    const all = `performance runs ${(scores.performance ?? []).join('/')}`;
    const seen = [...opportunities].map(([id, v]) => `${id}${v ? ` (${v})` : ''}`).join('; ');
    rows.push(
      `| ${page} | ${shown.join(' | ')} | ${measured}, CLS ${median(cls).toFixed(3)}; ${all} | ${[...failed].join(', ') || '—'} | ${seen || '—'} |`,
    );
    console.error(`${page}: ${shown.join(', ')}; ${measured}; ${all}`);
  }
} finally {
  await browser.close();
}
console.log(
  [
    `Lighthouse 12.2.3, mobile, ${origin}, median of ${RUNS} runs:`,
    '',
    '| page | performance | accessibility | best practices | SEO | metrics (simulated mobile, medians) | failed binary audits | opportunities |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);

import chromium from '@sparticuz/chromium';
import lighthouse from 'lighthouse';
import { chromium as playwright } from 'playwright-core';
const origin = process.env.THEME_ORIGIN!;
const PORT = 9334;
const extra = (process.env.EXTRA_ARGS ?? '').split(' ').filter(Boolean);
const drop = (process.env.DROP_ARGS ?? '').split(' ').filter(Boolean);
const browser = await playwright.launch({
  executablePath: await chromium.executablePath(),
  args: [...chromium.args.filter((a) => !a.startsWith('--single-process') && !drop.some((d) => a.startsWith(d))), ...extra, `--remote-debugging-port=${PORT}`],
  headless: true,
});
try {
  const r = await lighthouse(`${origin}${process.env.PAGE ?? '/'}`, { port: PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile' });
  const a = r!.lhr.audits;
  console.log('score', r!.lhr.categories.performance.score);
  for (const id of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','server-response-time','speed-index','interactive']) console.log(id, Math.round(a[id].numericValue ?? 0));
  console.log(JSON.stringify((a['mainthread-work-breakdown'].details as any).items.slice(0,6)));
  console.log(JSON.stringify((a['long-tasks']?.details as any)?.items?.slice(0,5)));
  for (const [id, au] of Object.entries(a)) if ((au as any).details?.type === 'opportunity' && (au as any).score !== null && (au as any).score < 1) console.log('opp', id, (au as any).displayValue);
  console.log('lcp-el', JSON.stringify((a['largest-contentful-paint-element']?.details as any)?.items?.[0]?.items?.[0]?.node?.snippet));
} finally { await browser.close(); }

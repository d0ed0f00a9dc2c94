/**
 * `npm run bench:dashboard`: what a merchant's browser downloads for sign-in and the first
 * screen: the script and stylesheet the dashboard's page names (the whole app is one chunk),
 * raw and gzip-compressed, against the 150 KB gzip budget. Builds the dashboard first when its
 * sources changed. Writes bench/results/dashboard-size.json; bench/DASHBOARD.md keeps the figures.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildAssets, DASHBOARD_OUT } from '../scripts/build/assets';

const BUDGET_GZIP = 150 * 1024;
const ROOT = path.resolve(import.meta.dirname, '..');

await buildAssets();
const html = await readFile(path.join(DASHBOARD_OUT, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1] ?? '',
);
const rows = await Promise.all(
  files.map(async (file) => {
    const body = await readFile(path.join(DASHBOARD_OUT, file));
    return { file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
  }),
);
const js = rows.filter((r) => r.file.endsWith('.js'));
const total = {
  bytes: js.reduce((n, r) => n + r.bytes, 0),
  gzip: js.reduce((n, r) => n + r.gzip, 0),
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const r of rows) console.log(`${r.file}: ${kb(r.bytes)} raw, ${kb(r.gzip)} gzip`);
console.log(
  `JavaScript for sign-in and the first screen: ${kb(total.gzip)} gzip (budget ${kb(BUDGET_GZIP)}): ${total.gzip <= BUDGET_GZIP ? 'within' : 'OVER'}`,
);
await mkdir(path.join(ROOT, 'bench', 'results'), { recursive: true });
await writeFile(
  path.join(ROOT, 'bench', 'results', 'dashboard-size.json'),
  `${JSON.stringify({ files: rows, javascript: total, budgetGzip: BUDGET_GZIP }, null, 2)}\n`,
);
if (total.gzip > BUDGET_GZIP) process.exitCode = 1;

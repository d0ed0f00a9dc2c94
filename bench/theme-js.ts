/**
 * The reference theme's JavaScript budget: gzip bytes of every script each page loads, counted
 * from what a running theme serves (`npm run dev`, THEME_ORIGIN, default http://127.0.0.1:8788).
 * gzip level 9, as a CDN compresses static text; the count is deterministic for a build.
 *
 *   npm run bench:theme            (with `npm run dev` running)
 */
import { gzipSync } from 'node:zlib';

const origin = process.env.THEME_ORIGIN ?? 'http://127.0.0.1:8788';
const BUDGET = 15 * 1024;

async function text(path: string) {
  const res = await fetch(`${origin}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.text();
}

const shop = await text('/shop');
const productPath = /href="(\/product\/[^"]+)"/.exec(shop)?.[1];
if (!productPath) throw new Error('no product link on /shop');
const pages = ['/', '/shop', productPath, '/search?term=linen', '/bag', '/checkout', '/dashboard'];

const rows: string[] = [];
for (const page of pages) {
  const html = await text(page);
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  );
  let raw = 0;
  let gz = 0;
  for (const src of scripts) {
    const body = Buffer.from(await text(src));
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  for (const body of inline) {
    raw += Buffer.byteLength(body);
    gz += gzipSync(Buffer.from(body), { level: 9 }).length;
  }
  const verdict = gz <= BUDGET ? 'within' : 'OVER';
  rows.push(
    `| ${page} | ${scripts.map((s) => s.split('/').pop()).join(', ')} | ${raw} | ${gz} | ${verdict} |`,
  );
}

console.log(
  [
    `JavaScript per page, ${origin} (budget ${BUDGET} bytes gzip):`,
    '',
    '| page | scripts | bytes | gzip bytes | 15 KB budget |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);

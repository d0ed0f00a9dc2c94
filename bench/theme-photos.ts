/**
 * Puts camera-sized JPEG photos on the demo shop's products in place of the seed's SVG
 * drawings, for `npm run bench:theme:lighthouse` to measure the theme with real photos.
 *
 * The photos are made here with sharp (2,000 to 4,000 px, smooth colour fields with grain, so
 * that they weigh what camera JPEGs weigh: about 1 to 3 MB each), uploaded through the merchant
 * API (`POST /media`) and set as the only image of every product of the demo shop
 * (`PATCH /products/{id}` with its ETag) and as the home page's hero image (the `home-hero`
 * entry, `PATCH /content-entries/{id}`). Nothing binary is committed. Needs `npm run dev`
 * (API_ORIGIN, default http://127.0.0.1:8787); restarting `npm run dev` on a fresh data
 * directory brings the SVGs back.
 *
 * THEME_PHOTOS takes real photographs instead: a comma-separated list of JPEG files or
 * directories (of each directory, its largest JPEG whose long side is 2,000 to 4,000 px).
 * bench/THEME.md names the photographs of Debian's plasma-workspace-wallpapers it used.
 *
 *   npm run bench:theme:photos && npm run bench:theme:lighthouse
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_MERCHANT_KEY } from '../scripts/seed/keys';

const origin = process.env.API_ORIGIN ?? 'http://127.0.0.1:8787';
const admin = `${origin}/admin/api/v1`;
const auth = { authorization: `Bearer ${DEMO_MERCHANT_KEY}` };

/** Width and height of each photo: landscape, portrait and square, 2,000 to 4,000 px. */
const SIZES: Array<[number, number]> = [
  [4000, 3000],
  [3000, 4000],
  [2400, 2400],
  [3200, 2133],
  [2000, 2667],
  [3600, 2400],
];

/** A photo-like JPEG: a few random colours blended smoothly over the frame, plus sensor grain. */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  let state = seed * 2654435761;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const cells = Buffer.alloc(8 * 6 * 3);
  for (let i = 0; i < cells.length; i += 1) cells[i] = Math.floor(40 + random() * 180);
  const base = await sharp(cells, { raw: { width: 8, height: 6, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < base.length; i += 1)
    base[i] = Math.max(0, Math.min(255, (base[i] ?? 0) + ((grain[i] ?? 128) - 128) * 0.6));
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The largest JPEG under `dir` whose long side is 2,000 to 4,000 px, or undefined. */
async function photographIn(dir: string): Promise<string | undefined> {
  const files = (await readdir(dir, { recursive: true }))
    .filter((f) => /\.jpe?g$/i.test(f))
    .map((f) => path.join(dir, f));
  let best: { file: string; pixels: number } | undefined;
  for (const file of files) {
    const { width = 0, height = 0 } = await sharp(file).metadata();
    const long = Math.max(width, height);
    if (long < 2000 || long > 4000) continue;
    if (!best || width * height > best.pixels) best = { file, pixels: width * height };
  }
  return best?.file;
}

/** The photographs THEME_PHOTOS names (see above), read as JPEG bytes. */
async function photographs(list: string): Promise<Array<{ name: string; jpeg: Buffer }>> {
  const found: Array<{ name: string; jpeg: Buffer }> = [];
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const file = (await stat(entry)).isDirectory() ? await photographIn(entry) : entry;
    if (!file) throw new Error(`${entry}: no JPEG of 2,000 to 4,000 px`);
    found.push({ name: path.basename(entry), jpeg: await readFile(file) });
  }
  if (found.length === 0) throw new Error('THEME_PHOTOS names no photograph');
  return found;
}

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${admin}${path}`, {
    ...init,
    headers: { ...auth, ...(init.headers as Record<string, string>) },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

const real = process.env.THEME_PHOTOS ? await photographs(process.env.THEME_PHOTOS) : undefined;
const pictures =
  real ??
  (await Promise.all(
    SIZES.map(async ([width, height], i) => ({
      name: `photo-${i + 1}`,
      jpeg: await photo(width, height, i + 1),
    })),
  ));

const mediaIds: string[] = [];
let bytes = 0;
for (const { name, jpeg } of pictures) {
  bytes += jpeg.length;
  const res = await call(`/media?filename=${encodeURIComponent(name)}&alt=`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg' },
    body: jpeg,
  });
  const media = (await res.json()) as { id: string };
  mediaIds.push(media.id);
  const { width, height } = await sharp(jpeg).metadata();
  console.error(`${name}: ${width}x${height}, ${jpeg.length} bytes`);
}

const products: string[] = [];
for (let after: string | undefined; ; ) {
  const page = (await (
    await call(`/products?limit=100${after ? `&starting_after=${after}` : ''}`)
  ).json()) as { data: Array<{ id: string }>; has_more: boolean };
  products.push(...page.data.map((p) => p.id));
  after = page.data.at(-1)?.id;
  if (!page.has_more || !after) break;
}

for (const [i, id] of products.entries()) {
  const etag = (await call(`/products/${id}`)).headers.get('etag') ?? '';
  await call(`/products/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'if-match': etag },
    body: JSON.stringify({ media: [{ media_id: mediaIds[i % mediaIds.length] }] }),
  });
}
// The hero: a wide photo in the home-hero entry's image field (the first photograph given).
const hero = real?.[0]?.jpeg ?? (await photo(3600, 1575, 99));
bytes += hero.length;
const heroMedia = (await (
  await call('/media?filename=hero&alt=', {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg' },
    body: hero,
  })
).json()) as { id: string };
const models = (await (await call('/content-models?limit=100')).json()) as {
  data: Array<{ id: string; slug: string }>;
};
const heroModel = models.data.find((m) => m.slug === 'home-hero');
if (heroModel) {
  const entries = (await (
    await call(`/content-models/${heroModel.id}/entries?status=published`)
  ).json()) as { data: Array<{ id: string }> };
  for (const entry of entries.data) {
    const etag = (await call(`/content-entries/${entry.id}`)).headers.get('etag') ?? '';
    await call(`/content-entries/${entry.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'if-match': etag },
      body: JSON.stringify({ data: { image: heroMedia.id } }),
    });
  }
}

console.log(
  `${pictures.length + 1} JPEG ${real ? 'photographs' : 'photos'} (${(bytes / 1e6).toFixed(1)} MB in all) on ${products.length} products and the home hero`,
);

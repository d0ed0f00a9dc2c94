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
 *   npm run bench:theme:photos && npm run bench:theme:lighthouse
 */
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

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${admin}${path}`, {
    ...init,
    headers: { ...auth, ...(init.headers as Record<string, string>) },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

const mediaIds: string[] = [];
let bytes = 0;
for (const [i, [width, height]] of SIZES.entries()) {
  const jpeg = await photo(width, height, i + 1);
  bytes += jpeg.length;
  const res = await call(`/media?filename=photo-${i + 1}&alt=`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg' },
    body: jpeg,
  });
  const media = (await res.json()) as { id: string };
  mediaIds.push(media.id);
  console.error(`photo ${i + 1}: ${width}x${height}, ${jpeg.length} bytes`);
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
// The hero: a wide photo in the home-hero entry's image field.
const hero = await photo(3600, 1575, 99);
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
  `${SIZES.length + 1} JPEG photos (${(bytes / 1e6).toFixed(1)} MB in all) on ${products.length} products and the home hero`,
);

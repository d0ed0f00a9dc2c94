import { hashOf, type ShopPlan } from './plan';

/** Soft background / accent pairs; an image's name picks one, so it never changes between runs. */
const PALETTES: Array<[string, string]> = [
  ['#f3ece2', '#c9825f'],
  ['#e6ede4', '#6f8f6a'],
  ['#e8ecf3', '#3d5a80'],
  ['#f6e9e4', '#b5656b'],
  ['#efe9f4', '#7a6b9a'],
  ['#f4f0dc', '#b08d2f'],
  ['#e4eeee', '#3f7f7f'],
  ['#f1e6da', '#8a5a44'],
];

/** Colours named in option values, so a variant's picture shows its colour. */
export const SWATCHES: Record<string, string> = {
  Sand: '#d8c3a5',
  Ink: '#2b3a55',
  Sage: '#9caf88',
  Crème: '#f1e6cf',
  Oat: '#dccdb0',
  Charcoal: '#3c3c3c',
  Tan: '#c19a6b',
  Black: '#222222',
  Stone: '#b9b2a5',
  Navy: '#1f2e4a',
  Gold: '#d4af37',
  Silver: '#c0c0c0',
  Fig: '#6d3b47',
  Cedar: '#8a5a44',
  Amber: '#e0a030',
  Rust: '#b7410e',
};

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Light text on dark colours, dark text on light ones. */
function inkFor(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const luminance = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luminance > 150 ? '#2a2a2a' : '#fafafa';
}

function shape(kind: number, w: number, h: number, colour: string): string {
  const cx = w / 2;
  const cy = h * 0.42;
  const r = Math.min(w, h) * 0.22;
  switch (kind % 4) {
    case 0:
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/>`;
    case 1:
      return `<path d="M${cx - r} ${cy + r}V${cy}a${r} ${r} 0 0 1 ${2 * r} 0V${cy + r}Z" fill="${colour}"/>`;
    case 2:
      return `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" rx="${r / 4}" fill="${colour}" transform="rotate(45 ${cx} ${cy})"/>`;
    default:
      return [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${cx - r}" y="${cy - r + i * r * 0.75}" width="${2 * r}" height="${r * 0.45}" rx="${r * 0.2}" fill="${colour}" opacity="${1 - i * 0.25}"/>`,
        )
        .join('');
  }
}

export type ArtOptions = {
  title: string;
  caption: string;
  width?: number;
  height?: number;
  /** Main colour; defaults to the palette accent picked by the title. */
  colour?: string;
};

/** A small, deterministic SVG: a tinted background, one simple shape and the name. */
export function artSvg({ title, caption, width = 800, height = 800, colour }: ArtOptions): string {
  const seed = hashOf(title);
  const [background, accent] = PALETTES[seed % PALETTES.length] ?? ['#eeeeee', '#888888'];
  const fill = colour ?? accent;
  const fontSize = Math.round(Math.min(width / Math.max(title.length, 10), height / 12) * 1.6);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${background}"/>`,
    shape(seed >>> 3, width, height, fill),
    `<text x="${width / 2}" y="${height * 0.82}" font-family="Georgia, serif" font-size="${fontSize}" fill="${inkFor(background)}" text-anchor="middle">${escapeXml(title)}</text>`,
    `<text x="${width / 2}" y="${height * 0.9}" font-family="Helvetica, Arial, sans-serif" font-size="${Math.round(fontSize * 0.45)}" fill="${fill === background ? accent : inkFor(background)}" opacity="0.7" text-anchor="middle" letter-spacing="3">${escapeXml(caption.toUpperCase())}</text>`,
    '</svg>',
  ].join('');
}

/** A wordmark logo: a rising-sun arc beside the shop name. */
export function logoSvg(name: string, ink: string, accent: string): string {
  // The largest size up to 30 px at which the name fits the 264 px beside the mark, even in
  // a wide fallback serif (about 0.62 em a letter, plus the 2 px spacing).
  const fontSize = Math.min(30, Math.floor((264 / Math.max(name.length, 1) - 2) / 0.62));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="80" viewBox="0 0 360 80">',
    `<path d="M12 56a28 28 0 0 1 56 0Z" fill="${accent}"/>`,
    `<path d="M4 62h72" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>`,
    `<text x="88" y="54" font-family="Georgia, serif" font-size="${fontSize}" letter-spacing="2" fill="${ink}">${escapeXml(name)}</text>`,
    '</svg>',
  ].join('');
}

/** A square icon with the shop's initial. */
export function iconSvg(initial: string, background: string, ink: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<rect width="64" height="64" rx="14" fill="${background}"/>`,
    `<text x="32" y="44" font-family="Georgia, serif" font-size="36" fill="${ink}" text-anchor="middle">${escapeXml(initial)}</text>`,
    '</svg>',
  ].join('');
}

/** Adds an SVG picture to the plan's media and returns its id. */
export function addArt(plan: ShopPlan, filename: string, options: ArtOptions): string {
  return plan.addMedia(`${filename}.svg`, options.title, 'image/svg+xml', artSvg(options));
}

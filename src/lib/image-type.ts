/** An image format recognised from its first bytes. */
export type ImageFormat = {
  mimeType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/avif';
  extension: 'jpg' | 'png' | 'gif' | 'webp' | 'avif';
  /** Pixel dimensions when the header shows them cheaply; null otherwise. */
  width: number | null;
  height: number | null;
};

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);

type Size = { width: number; height: number } | null;

/** Valid dimensions or null: a header claiming 0 or absurd sizes is not trusted. */
const sized = (width: number, height: number): Size =>
  width > 0 && height > 0 && width <= 1_000_000 && height <= 1_000_000 ? { width, height } : null;

/** JPEG: walks the marker segments to the first start-of-frame (SOF0-SOF15 but DHT/JPG/DAC). */
function jpegSize(b: Uint8Array): Size {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return sized(u16be(b, at + 7), u16be(b, at + 5));
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended). */
function webpSize(b: Uint8Array): Size {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') return sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return sized(u24le(b, 24) + 1, u24le(b, 27) + 1);
  return null;
}

/** AVIF: the `ispe` (image spatial extent) property, looked for in the first 4 KiB. */
function avifSize(b: Uint8Array): Size {
  const end = Math.min(b.length - 16, 4096);
  for (let at = 4; at <= end; at += 1) {
    if (b[at] === 0x69 && ascii(b, at, 4) === 'ispe') {
      return sized(u32be(b, at + 8), u32be(b, at + 12));
    }
  }
  return null;
}

const AVIF_BRANDS = new Set(['avif', 'avis']);

/** Whether an ISO media file's `ftyp` box names an AVIF brand (major or compatible). */
function isAvif(b: Uint8Array): boolean {
  if (b.length < 16 || ascii(b, 4, 4) !== 'ftyp') return false;
  const boxSize = Math.min(u32be(b, 0), b.length, 256);
  if (AVIF_BRANDS.has(ascii(b, 8, 4))) return true;
  for (let at = 16; at + 4 <= boxSize; at += 4) {
    if (AVIF_BRANDS.has(ascii(b, at, 4))) return true;
  }
  return false;
}

const format = (
  mimeType: ImageFormat['mimeType'],
  extension: ImageFormat['extension'],
  size: Size,
): ImageFormat => ({
  mimeType,
  extension,
  width: size?.width ?? null,
  height: size?.height ?? null,
});

/**
 * The image format of `bytes` from their magic numbers (never from a name or a declared
 * type): JPEG, PNG, GIF, WebP or AVIF, with the dimensions when the header shows them.
 * Anything else, SVG included, is null.
 */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return format('image/jpeg', 'jpg', jpegSize(bytes));
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    const ihdr = ascii(bytes, 12, 4) === 'IHDR';
    return format('image/png', 'png', ihdr ? sized(u32be(bytes, 16), u32be(bytes, 20)) : null);
  }
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') {
    return format('image/gif', 'gif', sized(u16le(bytes, 6), u16le(bytes, 8)));
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return format('image/webp', 'webp', webpSize(bytes));
  }
  if (isAvif(bytes)) return format('image/avif', 'avif', avifSize(bytes));
  return null;
}

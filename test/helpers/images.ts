/** Small files whose headers are those of real images (enough for format detection). */

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((ch) => ch.charCodeAt(0)) : part,
    ),
  );
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16le = (n: number) => [n & 255, (n >>> 8) & 255];
const u24le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

/** A PNG signature and IHDR chunk of `width` x `height`, then some data. */
export const png = (width = 640, height = 480) =>
  bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    u32be(13),
    'IHDR',
    u32be(width),
    u32be(height),
    [8, 6, 0, 0, 0],
    [1, 2, 3, 4],
    'IDAT',
  );

/** A JPEG with an APP0 segment, then a baseline start-of-frame of `width` x `height`. */
export const jpeg = (width = 800, height = 600) =>
  bytes(
    [0xff, 0xd8, 0xff, 0xe0, 0, 16],
    'JFIF',
    [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xc0, 0, 17, 8],
    [(height >> 8) & 255, height & 255, (width >> 8) & 255, width & 255],
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
    [0xff, 0xd9],
  );

/** A GIF89a of `width` x `height`. */
export const gif = (width = 32, height = 16) =>
  bytes('GIF89a', u16le(width), u16le(height), [0, 0, 0], [0x3b]);

/** An extended (VP8X) WebP of `width` x `height`. */
export const webp = (width = 1200, height = 900) =>
  bytes(
    'RIFF',
    [30, 0, 0, 0],
    'WEBP',
    'VP8X',
    [10, 0, 0, 0],
    [0, 0, 0, 0],
    u24le(width - 1),
    u24le(height - 1),
  );

/** An AVIF: an `ftyp` box with the avif brand and an `ispe` property of `width` x `height`. */
export const avif = (width = 300, height = 200) =>
  bytes(
    u32be(24),
    'ftyp',
    'avif',
    u32be(0),
    'mif1',
    'miaf',
    u32be(20),
    'ispe',
    u32be(0),
    u32be(width),
    u32be(height),
  );

/** A tiny SVG (refused: an image format that can carry scripts). */
export const svg = () =>
  new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );

/** Plain text. */
export const text = () => new TextEncoder().encode('just some text, not an image\n');

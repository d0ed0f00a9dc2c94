/**
 * Image sizes the API serves. An image under `settings.media.url` is served as stored, or
 * resized to one of IMAGE_WIDTHS with `?w=<width>` (WebP, or AVIF, for a browser whose `Accept`
 * names it; never wider than the original). Any other width is refused with
 * `400 IMAGE_WIDTH_INVALID`: a fixed set keeps each image to a few variants, each transformed
 * once and then served from the cache.
 */

/**
 * The widths, in pixels, `?w=` accepts. Each is at most about 1.5x the one below, so a place
 * gets an image at most about half again as wide as it shows: a phone's two-column card needs
 * about 360 px, its full-width hero about 720 px.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 800, 1024, 1600] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The URL of the image at `url` resized to `width` pixels wide. */
export const imageWidthUrl = (url: string, width: ImageWidth): string =>
  `${url}${url.includes('?') ? '&' : '?'}w=${width}`;

/**
 * The `srcset` of the image at `url`, one candidate per width; null for an SVG, which scales
 * by itself and is served as it is.
 */
export function imageSrcset(url: string): string | null {
  if (/\.svg$/i.test(new URL(url, 'http://base.invalid').pathname)) return null;
  return IMAGE_WIDTHS.map((width) => `${imageWidthUrl(url, width)} ${width}w`).join(', ');
}

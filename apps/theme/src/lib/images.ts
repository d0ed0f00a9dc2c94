import { type ImageWidth, imageSrcset, imageWidthUrl } from '@storefront-api/client/images';

/** The width of `src` for a browser that reads no `srcset`. */
const FALLBACK_WIDTH: ImageWidth = 640;

/** An image object as the API sends it; any image field may be null. */
export type ImageRef = { uploadUrl?: string | null; title?: string | null } | null | undefined;

/**
 * The contract's rule: the last path segment of `uploadUrl` appended to `settings.media.url`
 * (which ends in `/<shop_id>/media/`). Null when the image or either part is missing.
 */
export function imageUrl(mediaBase: string | null | undefined, image: ImageRef): string | null {
  if (!image?.uploadUrl || !mediaBase) return null;
  const segment = image.uploadUrl.split('/').filter(Boolean).pop();
  if (!segment) return null;
  return `${mediaBase.endsWith('/') ? mediaBase : `${mediaBase}/`}${segment}`;
}

/** The origin of the shop's media host (`settings.media.url`), or '' when it names none. */
export function mediaOrigin(mediaBase: string | null | undefined): string {
  try {
    const { origin } = new URL(mediaBase ?? '');
    return origin === 'null' ? '' : origin;
  } catch {
    return '';
  }
}

/**
 * How an image loads: `priority` for the one image a page is judged by (its largest, LCP
 * image: fetched first, never deferred), `lazy` for images below the fold, `eager` for the
 * rest above it.
 */
export type ImageLoading = 'priority' | 'eager' | 'lazy';

/**
 * The `<img>` attributes of an image from the shop's media, served at the width the place
 * needs: `srcset` offers every width the API resizes to (an SVG, which scales by itself, has
 * none), `sizes` says how wide the place is, and `src` is the 640 px one for a browser that
 * reads no `srcset`.
 */
export function responsiveImage(src: string, sizes: string, loading: ImageLoading) {
  const srcset = imageSrcset(src);
  return {
    src: srcset ? imageWidthUrl(src, FALLBACK_WIDTH) : src,
    srcset: srcset ?? undefined,
    sizes: srcset ? sizes : undefined,
    loading: loading === 'lazy' ? ('lazy' as const) : ('eager' as const),
    decoding: loading === 'priority' ? ('auto' as const) : ('async' as const),
    fetchpriority: loading === 'priority' ? ('high' as const) : undefined,
  };
}

import { IMAGE_WIDTHS, imageSrcset, imageWidthUrl } from '@storefront-api/client/images';

/**
 * How an image loads: `priority` for the one image a page is judged by (its largest, LCP
 * image: fetched first, never deferred), `lazy` for images below the fold, `eager` for the
 * rest above it.
 */
export type ImageLoading = 'priority' | 'eager' | 'lazy';

/** Where the theme shows images, and how wide each is on screen (`sizes`). */
export const SIZES = {
  /** A product card: 2 columns on phones, 3 from 720 px, 4 from 1024 px in a 1200 px page. */
  card: '(min-width: 1024px) 288px, (min-width: 720px) 33vw, 50vw',
  /** The product page's main image: the left half from 900 px, else the page's width. */
  gallery: '(min-width: 900px) 584px, 100vw',
  /** The product page's other images: a quarter of the main one. */
  thumb: '(min-width: 900px) 146px, 25vw',
  /** The home page's hero image: the page's width, up to 1200 px. */
  hero: '(min-width: 1200px) 1152px, 100vw',
} as const;

/**
 * An image from the shop's media, served at the width the place needs: `srcset` offers every
 * width the API resizes to (SVGs, which scale by themselves, have none), and `src` the middle
 * one for a browser that reads no `srcset`. `width` and `height` reserve its box.
 */
export function Image({
  src,
  alt,
  width,
  height,
  sizes,
  loading,
  ...rest
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  loading: ImageLoading;
  style?: string;
  'data-gallery'?: string;
}) {
  const srcset = imageSrcset(src);
  return (
    <img
      src={srcset ? imageWidthUrl(src, IMAGE_WIDTHS[1]) : src}
      srcset={srcset ?? undefined}
      sizes={srcset ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      decoding={loading === 'priority' ? 'auto' : 'async'}
      fetchpriority={loading === 'priority' ? 'high' : undefined}
      {...rest}
    />
  );
}

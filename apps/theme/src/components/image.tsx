import { type ImageLoading, responsiveImage } from '../lib/images';

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
 * Every product and hero image of the theme: the width each place needs (responsiveImage),
 * `width` and `height` to reserve its box, and how it loads.
 */
export function Image({
  src,
  alt,
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
  return <img alt={alt} {...responsiveImage(src, sizes, loading)} {...rest} />;
}

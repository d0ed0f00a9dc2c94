/** The theme's one image element (apps/theme/src/components/image.tsx). */
import { describe, expect, it } from 'vitest';
import { Image, SIZES } from '../../../../../apps/theme/src/components/image';

const URL_ = 'https://api.example/storage/0b5c/media/linen-tee-1a2b.jpg';
const html = (loading: 'priority' | 'eager' | 'lazy', src = URL_) =>
  String(Image({ src, alt: 'Linen tee', width: 400, height: 400, sizes: SIZES.card, loading }));
const attr = (markup: string, name: string) =>
  new RegExp(` ${name}="([^"]*)"`).exec(markup)?.[1]?.replaceAll('&amp;', '&');

describe('Image', () => {
  it('offers each width with the place’s sizes, and 640 px to a browser without srcset', () => {
    const img = html('lazy');
    expect(attr(img, 'src')).toBe(`${URL_}?w=640`);
    expect(attr(img, 'srcset')).toContain(`${URL_}?w=1600 1600w`);
    expect(attr(img, 'sizes')).toBe(SIZES.card);
    expect(attr(img, 'width')).toBe('400');
    expect(attr(img, 'height')).toBe('400');
    expect(attr(img, 'alt')).toBe('Linen tee');
  });

  it('loads the page’s largest image first and at once, the others lazily', () => {
    const first = html('priority');
    expect(attr(first, 'loading')).toBe('eager');
    expect(attr(first, 'fetchpriority')).toBe('high');
    const later = html('lazy');
    expect(attr(later, 'loading')).toBe('lazy');
    expect(attr(later, 'decoding')).toBe('async');
    expect(attr(later, 'fetchpriority')).toBeUndefined();
    expect(attr(html('eager'), 'fetchpriority')).toBeUndefined();
  });

  it('gives an SVG its own URL and no srcset', () => {
    const img = html('lazy', 'https://api.example/storage/0b5c/media/logo.svg');
    expect(attr(img, 'src')).toBe('https://api.example/storage/0b5c/media/logo.svg');
    expect(attr(img, 'srcset')).toBeUndefined();
    expect(attr(img, 'sizes')).toBeUndefined();
  });
});

/** The theme's image attributes (apps/theme/src/lib/images.ts, responsiveImage, mediaOrigin). */
import { describe, expect, it } from 'vitest';
import { mediaOrigin, responsiveImage } from '../../../../apps/theme/src/lib/images';

const URL_ = 'https://api.example/storage/0b5c/media/linen-tee-1a2b.jpg';
const SIZES = '(min-width: 1024px) 288px, 50vw';

describe('responsiveImage', () => {
  it('offers each width with the place’s sizes, and 640 px to a browser without srcset', () => {
    const img = responsiveImage(URL_, SIZES, 'lazy');
    expect(img.src).toBe(`${URL_}?w=640`);
    expect(img.srcset).toBe(
      `${URL_}?w=320 320w, ${URL_}?w=480 480w, ${URL_}?w=640 640w, ${URL_}?w=800 800w, ${URL_}?w=1024 1024w, ${URL_}?w=1600 1600w`,
    );
    expect(img.sizes).toBe(SIZES);
  });

  it('loads the page’s largest image first and at once, the others lazily', () => {
    expect(responsiveImage(URL_, SIZES, 'priority')).toMatchObject({
      loading: 'eager',
      fetchpriority: 'high',
    });
    expect(responsiveImage(URL_, SIZES, 'lazy')).toMatchObject({
      loading: 'lazy',
      decoding: 'async',
      fetchpriority: undefined,
    });
    expect(responsiveImage(URL_, SIZES, 'eager')).toMatchObject({
      loading: 'eager',
      fetchpriority: undefined,
    });
  });

  it('gives an SVG its own URL and no srcset', () => {
    const svg = 'https://api.example/storage/0b5c/media/logo.svg';
    expect(responsiveImage(svg, SIZES, 'lazy')).toMatchObject({
      src: svg,
      srcset: undefined,
      sizes: undefined,
    });
  });
});

describe('mediaOrigin', () => {
  it('names the host the shop’s images come from, for the preconnect and the CSP', () => {
    expect(mediaOrigin('https://api.example/storage/0b5c/media/')).toBe('https://api.example');
    expect(mediaOrigin('http://127.0.0.1:8787/storage/0b5c/media/')).toBe('http://127.0.0.1:8787');
  });

  it('names none for a missing, relative or opaque media URL', () => {
    expect(mediaOrigin(null)).toBe('');
    expect(mediaOrigin('')).toBe('');
    expect(mediaOrigin('/storage/0b5c/media/')).toBe('');
    expect(mediaOrigin('data:image/png;base64,AAAA')).toBe('');
  });
});

/** The image widths and srcset every theme builds from (packages/client/src/images.ts). */
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageSrcset, imageWidthUrl } from '../../../../packages/client/src/images';

const URL_ = 'https://api.example/storage/0b5c/media/linen-tee-1a2b.jpg';

describe('image widths', () => {
  it('names each width the API resizes to, smallest first', () => {
    expect(IMAGE_WIDTHS).toEqual([320, 480, 640, 800, 1024, 1600]);
  });

  it('adds the width to the image URL as ?w=, or &w= after a query', () => {
    expect(imageWidthUrl(URL_, 640)).toBe(`${URL_}?w=640`);
    expect(imageWidthUrl(`${URL_}?v=2`, 320)).toBe(`${URL_}?v=2&w=320`);
  });

  it('offers every width in the srcset', () => {
    expect(imageSrcset(URL_)).toBe(
      `${URL_}?w=320 320w, ${URL_}?w=480 480w, ${URL_}?w=640 640w, ${URL_}?w=800 800w, ${URL_}?w=1024 1024w, ${URL_}?w=1600 1600w`,
    );
  });

  it('offers none for an SVG, which is served as it is', () => {
    expect(imageSrcset('https://api.example/storage/0b5c/media/logo.svg')).toBeNull();
    expect(imageSrcset('https://api.example/storage/0b5c/media/LOGO.SVG?v=1')).toBeNull();
  });
});

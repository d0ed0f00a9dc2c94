/** The formats a resized image is written in. */
export type VariantFormat = 'image/webp' | 'image/avif' | 'image/jpeg' | 'image/png';

/** What the resizer reads of an image it can resize. */
export type RasterInfo = { format: string; width: number; height: number };

/** Port: resizes images (Cloudflare Images; offline, Miniflare's binding on sharp). */
export interface ImageResizer {
  /** The format and size of a raster image; null for an SVG or bytes that are not an image. */
  describe(bytes: ArrayBuffer): Promise<RasterInfo | null>;
  /** The image `width` pixels wide (height in proportion) in `format`. */
  resize(bytes: ArrayBuffer, width: number, format: VariantFormat): Promise<ReadableStream>;
}

const streamOf = (bytes: ArrayBuffer) => new Blob([bytes]).stream();

/**
 * Cloudflare Images through the Workers binding (`[images]` in wrangler.toml). Miniflare
 * implements the same binding offline with sharp, so `npm run dev` and the worker tests run
 * this code unchanged.
 */
export function createCloudflareImages(binding: ImagesBinding): ImageResizer {
  return {
    async describe(bytes) {
      try {
        const info = await binding.info(streamOf(bytes));
        return 'width' in info ? info : null;
      } catch {
        // Not an image the binding reads (ImagesError 9412, 9520): served as stored.
        return null;
      }
    },
    async resize(bytes, width, format) {
      const result = await binding
        .input(streamOf(bytes))
        .transform({ width, fit: 'scale-down' })
        .output({ format });
      return result.image();
    },
  };
}

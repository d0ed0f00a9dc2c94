import { mediaFileUrl } from '../storage/service';
import type { MediaRow } from './queries';
import type { Media } from './schemas';

export const MEDIA_TYPE = 'media';

/** The storefront's image object of an image: `size` a string, `uploadUrl` its storage key. */
export const imageObjectOf = (row: MediaRow) => ({
  _id: row.id,
  type: row.mimeType,
  size: String(row.sizeBytes),
  title: row.title,
  uploadUrl: `${row.shopId}/media/${row.filename}`,
});

/**
 * An image as the merchant API shows it, with the storefront's image object (`uploadUrl`
 * `<shop_id>/media/<filename>`, `size` a string) and its URL under the media base `base`.
 */
export function toMedia(row: MediaRow, base: string): Media {
  return {
    id: row.id,
    object: MEDIA_TYPE,
    filename: row.filename,
    alt: row.title,
    content_type: row.mimeType,
    size: row.sizeBytes,
    width: row.width,
    height: row.height,
    url: mediaFileUrl(base, row.shopId, row.filename),
    image: imageObjectOf(row),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

import { IMAGE_WIDTHS, type ImageWidth } from '@storefront-api/client/images';
import type { Storage, StoredObject } from '../../adapters/storage';
import { ApiError, type ErrorCode } from '../../errors';
import { isUuid } from '../../lib/uuid';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  readMedia: ['MEDIA_NOT_FOUND', 'IMAGE_WIDTH_INVALID'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/*
 * Public images: `<media base><shop_id>/media/<filename>`, the URL that `settings.media.url`
 * plus an image's filename builds. Only the `media/` prefix is served; digital files stored
 * beside it are reachable only through authorised downloads.
 */

/** Where the storage routes are mounted, outside the storefront API. */
export const STORAGE_PATH = '/storage';

const FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** Where images are served from: MEDIA_BASE_URL, else this worker's own /storage/ route. */
export const mediaBaseUrl = (configured: string | undefined, requestUrl: string): string =>
  configured ?? `${new URL(requestUrl).origin}${STORAGE_PATH}/`;

/** The URL a shop's images are served under (settings `media.url`), ending in `/`. */
export const shopMediaUrl = (base: string, shopId: string): string => `${base}${shopId}/media/`;

/** The URL of one of a shop's images. */
export const mediaFileUrl = (base: string, shopId: string, filename: string): string =>
  `${shopMediaUrl(base, shopId)}${encodeURIComponent(filename)}`;

/**
 * The object key of a shop's public image. A malformed shop id or filename (which could reach
 * beyond the shop's `media/` prefix) is MEDIA_NOT_FOUND.
 */
export function mediaObjectKey(shopId: string, filename: string): string {
  if (!isUuid(shopId) || !FILENAME.test(filename)) throw new ApiError('MEDIA_NOT_FOUND');
  return `${shopId}/media/${filename}`;
}

/** The width `?w=` names, when it is one of IMAGE_WIDTHS; else IMAGE_WIDTH_INVALID. */
export function imageWidth(raw: string): ImageWidth {
  const width = IMAGE_WIDTHS.find((w) => String(w) === raw);
  if (width === undefined) throw new ApiError('IMAGE_WIDTH_INVALID');
  return width;
}

/** A shop's public image from the object store; a missing object is MEDIA_NOT_FOUND. */
export async function readMedia(
  storage: Storage,
  shopId: string,
  filename: string,
): Promise<StoredObject> {
  const object = await storage.get(mediaObjectKey(shopId, filename));
  if (!object) throw new ApiError('MEDIA_NOT_FOUND');
  return object;
}

import { keepOnlyIfCommitted, type Storage } from '../../adapters/storage';
import type { Actor } from '../../admin-kit/audit';
import { type WriteScope, writeFor } from '../../admin-kit/write';
import type { Services, ShopContext } from '../../app-env';
import { ApiError } from '../../errors';
import { type ImageFormat, sniffImage } from '../../lib/image-type';
import { mediaBaseUrl } from '../storage/service';
import { mediaRows } from './queries';
import type { Media } from './schemas';
import { MEDIA_TYPE, toMedia } from './view';

/** The largest image the shop may store: 10 MiB. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** 413 MEDIA_TOO_LARGE, naming the limit. */
export const mediaTooLarge = () =>
  new ApiError('MEDIA_TOO_LARGE', {
    message: `The image is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MiB (${MEDIA_MAX_BYTES} bytes), the upload limit.`,
    details: [{ field: 'body', message: `At most ${MEDIA_MAX_BYTES} bytes.` }],
  });

/** An upload that passed the rules, ready to store. */
export type PreparedImage = { bytes: Uint8Array; format: ImageFormat; filename: string };

/** The words of an uploaded name, URL-safe (a-z, 0-9, dashes), at most 60 characters. */
function stemOf(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return stem || 'image';
}

const randomSuffix = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/**
 * The upload rules, in one place for every way an image arrives (the media API, imports):
 * at most MEDIA_MAX_BYTES, and a JPEG, PNG, GIF, WebP or AVIF by its bytes, whatever its name
 * or declared type says (SVG is refused: it can carry scripts). The stored name keeps the
 * name's words, adds a random suffix (a name no other row uses) and the detected extension.
 */
export function prepareImage(bytes: Uint8Array, name?: string): PreparedImage {
  if (bytes.byteLength > MEDIA_MAX_BYTES) throw mediaTooLarge();
  const format = sniffImage(bytes);
  if (!format) {
    throw new ApiError('MEDIA_TYPE_UNSUPPORTED', {
      message:
        'The file is not a JPEG, PNG, GIF, WebP or AVIF image (judged by its content, not its name or Content-Type; SVG is not accepted).',
      details: [{ field: 'body', message: 'Not a supported image.' }],
    });
  }
  return { bytes, format, filename: `${stemOf(name)}-${randomSuffix()}.${format.extension}` };
}

/** The object key of a shop's image: the one prefix the storage route serves. */
export const mediaKey = (shopId: string, filename: string) => `${shopId}/media/${filename}`;

/**
 * The create verb: inserts the row, writes the object under a key no other row names, and
 * records the audit, all inside the caller's transaction. Run it through `keepOnlyIfCommitted`.
 */
export async function createMedia(
  w: WriteScope,
  storage: Storage,
  image: PreparedImage,
  input: { alt?: string | undefined; base: string },
): Promise<Media> {
  const row = await mediaRows.insert(w.tx, w.shop.id, {
    filename: image.filename,
    mimeType: image.format.mimeType,
    sizeBytes: image.bytes.byteLength,
    title: input.alt ?? '',
    width: image.format.width,
    height: image.format.height,
  });
  await storage.put(mediaKey(w.shop.id, image.filename), image.bytes, image.format.mimeType);
  const created = toMedia(row, input.base);
  await w.audit({
    action: 'create',
    resourceType: MEDIA_TYPE,
    resourceId: row.id,
    before: null,
    after: created,
  });
  return created;
}

export type StoreImageOptions = {
  filename?: string;
  alt?: string;
  /** Who stores it, for the audit log (default: no key, no request). */
  actor?: Actor;
  /** The request's URL, to build `url` when no MEDIA_BASE_URL is configured. */
  requestUrl?: string;
};

/**
 * Stores an image for a shop outside a media API request (the product importer, fetching
 * images from URLs): the same rules, the same row, object and audit record as an upload,
 * in a transaction of its own. Throws MEDIA_TOO_LARGE or MEDIA_TYPE_UNSUPPORTED.
 */
export async function storeImage(
  services: Services,
  shop: ShopContext,
  bytes: Uint8Array,
  options: StoreImageOptions = {},
): Promise<Media> {
  const image = prepareImage(bytes, options.filename);
  const actor = options.actor ?? { keyId: null, requestId: null };
  const base = mediaBaseUrl(
    services.config.MEDIA_BASE_URL,
    options.requestUrl ?? 'http://localhost/',
  );
  return keepOnlyIfCommitted(
    services.storage,
    services.log,
    mediaKey(shop.id, image.filename),
    () =>
      writeFor({ services, shop, actor }, (w) =>
        createMedia(w, services.storage, image, { alt: options.alt, base }),
      ),
  );
}

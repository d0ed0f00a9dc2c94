import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../admin-kit/audit';
import type { Services, ShopContext } from '../../app-env';
import { importedImages, media } from '../../db/schema';
import { ApiError } from '../../errors';
import { sniffImage } from '../../lib/image-type';
import { destinationRefusal, fetchOutbound, OutboundError, readCapped } from '../../lib/outbound';
import { MEDIA_MAX_BYTES, storeImage } from '../media/service';
import type { ImageDraft } from './csv/draft';
import type { ImportProblem } from './csv/values';

/** How long one image may take to download, redirects included. */
const FETCH_TIMEOUT_MS = 15_000;
/** Redirects followed per image, each hop checked against the destination rule. */
const MAX_REDIRECTS = 3;

export type ImageContext = {
  services: Services;
  shop: ShopContext;
  actor: Actor;
  dryRun: boolean;
};

/** The filename of one of this shop's own images, when `src` is its public URL. */
function ownFilename(src: string, shopId: string): string | null {
  try {
    const path = new URL(src).pathname;
    const match = path.match(/\/([0-9a-f-]{36})\/media\/([^/]+)$/i);
    return match?.[1]?.toLowerCase() === shopId ? decodeURIComponent(match[2] ?? '') : null;
  } catch {
    return null;
  }
}

/** The image at `src`, downloaded under the destination rule (src/lib/outbound.ts). */
async function download(ctx: ImageContext, src: string): Promise<Uint8Array> {
  const rule = { allowLoopback: ctx.services.config.OUTBOUND_ALLOW_LOOPBACK };
  const response = await fetchOutbound(src, {
    ...rule,
    timeoutMs: FETCH_TIMEOUT_MS,
    maxRedirects: MAX_REDIRECTS,
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new OutboundError(
      'http-status',
      `The server answered HTTP ${response.status} instead of the image.`,
      response.status,
    );
  }
  const bytes = await readCapped(response, MEDIA_MAX_BYTES);
  // Checked before anything is stored: the bytes, not the name or Content-Type, decide.
  if (!sniffImage(bytes))
    throw new OutboundError(
      'http-status',
      'The file is not an image (JPEG, PNG, GIF, WebP or AVIF).',
    );
  return bytes;
}

/** What went wrong with one image, in words a merchant understands. */
function reasonOf(error: unknown): string {
  if (error instanceof OutboundError || error instanceof ApiError) return error.message;
  const text = String((error as Error)?.message ?? error);
  // workerd words a failed DNS look-up or connection as an internal error with a reference.
  return /internal error|network|dns|connect/i.test(text)
    ? 'The server could not be reached (host not found or not answering).'
    : 'The image could not be downloaded.';
}

/** One image as a media id: this shop's own image as it is, any other downloaded and stored. */
async function mediaIdOf(ctx: ImageContext, image: ImageDraft): Promise<string | null> {
  const own = ownFilename(image.src, ctx.shop.id);
  if (own) {
    const [row] = await ctx.services.database.db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.shopId, ctx.shop.id), eq(media.filename, own)));
    if (row) return row.id;
  }
  const db = ctx.services.database.db;
  const [earlier] = await db
    .select({ id: importedImages.mediaId })
    .from(importedImages)
    .where(and(eq(importedImages.shopId, ctx.shop.id), eq(importedImages.sourceUrl, image.src)));
  if (earlier) return earlier.id;
  if (ctx.dryRun) {
    // A dry run stores nothing, so it downloads nothing either: it checks the address.
    const refusal = destinationRefusal(image.src, {
      allowLoopback: ctx.services.config.OUTBOUND_ALLOW_LOOPBACK,
    });
    if (refusal) throw new OutboundError('refused', refusal.replace(/^Must/, 'The address must'));
    return null;
  }
  const bytes = await download(ctx, image.src);
  const name = new URL(image.src).pathname.split('/').pop() ?? 'image';
  const stored = await storeImage(ctx.services, ctx.shop, bytes, {
    filename: name,
    alt: image.alt,
    actor: ctx.actor,
  });
  await db
    .insert(importedImages)
    .values({ shopId: ctx.shop.id, sourceUrl: image.src, mediaId: stored.id })
    .onConflictDoUpdate({
      target: [importedImages.shopId, importedImages.sourceUrl],
      set: { mediaId: stored.id },
    });
  return stored.id;
}

/**
 * The media ids of a product's images, by source URL. An image that cannot be fetched or is
 * not an image is a problem of its own: the product is written without it.
 */
export async function resolveImages(ctx: ImageContext, images: ImageDraft[], handle: string) {
  const ids = new Map<string, string>();
  const problems: ImportProblem[] = [];
  for (const image of images) {
    try {
      const id = await mediaIdOf(ctx, image);
      if (id) ids.set(image.src, id);
    } catch (error) {
      const reason = reasonOf(error);
      // One line per image, no stack: the report carries the detail.
      ctx.services.log.warn('an import image was not stored', { src: image.src, reason });
      problems.push({
        line: image.line,
        column: image.column,
        code: 'IMAGE_NOT_STORED',
        message: `${image.src}: ${reason}`,
        handle,
      });
    }
  }
  return { ids, problems };
}

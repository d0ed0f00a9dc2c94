import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../admin-kit/audit';
import type { Services, ShopContext } from '../../app-env';
import { importedImages, media } from '../../db/schema';
import { ApiError } from '../../errors';
import { MEDIA_MAX_BYTES, storeImage } from '../media/service';
import type { ImageDraft } from './csv/mapper';
import type { ImportProblem } from './csv/values';

/** How long one image may take to download. */
const FETCH_TIMEOUT_MS = 15_000;

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

async function download(src: string): Promise<Uint8Array> {
  const url = new URL(src);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not an http(s) URL');
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  if (Number(response.headers.get('content-length')) > MEDIA_MAX_BYTES) {
    throw new Error(`larger than ${MEDIA_MAX_BYTES} bytes`);
  }
  return new Uint8Array(await response.arrayBuffer());
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
  const bytes = await download(image.src);
  if (ctx.dryRun) return null;
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
      const reason = error instanceof ApiError ? error.message : String((error as Error).message);
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

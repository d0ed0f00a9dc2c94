import { writeFor } from '../../admin-kit/write';
import type { CategorySource } from '../../db/schema';
import { ApiError } from '../../errors';
import type { ProductInput } from '../products/admin-schemas';
import { upsertProductByHandle } from '../products/admin-service';
import { categoryIdsOf } from './categories';
import type { Row } from './csv/columns';
import type { ProductDraft } from './csv/draft';
import { mapProduct } from './csv/mapper';
import type { ImportProblem } from './csv/values';
import { type ImageContext, resolveImages } from './images';

export type ProductOutcome = {
  action: 'created' | 'updated' | 'unchanged' | 'failed';
  problems: ImportProblem[];
  imagesFailed: number;
};

/** The create body of a product read from a file, its images and categories resolved. */
function inputOf(draft: ProductDraft, images: Map<string, string>, categoryIds: string[] | null) {
  const mediaOf = (srcs: Array<string | null>) =>
    srcs.flatMap((src, position) => {
      const id = src ? images.get(src) : undefined;
      return id ? [{ media_id: id, position }] : [];
    });
  const input: ProductInput = {
    ...draft.fields,
    ...(categoryIds
      ? { category_ids: categoryIds, primary_category_id: categoryIds[0] ?? null }
      : {}),
    media: mediaOf(draft.images.map((image) => image.src)),
    options: draft.options,
    variants: draft.variants.map(({ image, ...variant }) => ({
      ...variant,
      media: mediaOf([image]),
    })),
    ...(draft.sellable ?? {}),
  };
  return input;
}

/** The problem a refused write is reported as: at the product's first line, naming the field. */
function refusal(draft: ProductDraft, error: ApiError): ImportProblem[] {
  const details = error.details ?? [];
  if (details.length === 0) {
    return [
      {
        line: draft.line,
        column: null,
        code: error.code,
        message: error.message,
        handle: draft.handle,
      },
    ];
  }
  return details.map((detail) => ({
    line: draft.line,
    column: detail.field ?? null,
    code: error.code,
    message: detail.message,
    handle: draft.handle,
  }));
}

/**
 * Imports one product (the rows of one Handle): reads it, fetches its images, and upserts
 * it by handle in a transaction of its own, with the categories of the chosen column (tags
 * stay tags); all of it or nothing.
 */
export async function importProduct(
  ctx: ImageContext & { categoriesFrom: CategorySource },
  rows: Row[],
): Promise<ProductOutcome> {
  const mapped = mapProduct(rows, ctx.shop.currencyDigits, ctx.categoriesFrom);
  if ('problems' in mapped) return { action: 'failed', problems: mapped.problems, imagesFailed: 0 };
  const { draft } = mapped;
  const images = await resolveImages(ctx, draft.images, draft.handle);
  const names = draft.categories;
  const target = { services: ctx.services, shop: ctx.shop, actor: ctx.actor };
  try {
    const result = await writeFor(
      target,
      async (w) =>
        upsertProductByHandle(
          w,
          inputOf(draft, images.ids, names === null ? null : await categoryIdsOf(w, names)),
        ),
      { dryRun: ctx.dryRun },
    );
    return {
      action: result.action,
      problems: images.problems,
      imagesFailed: images.problems.length,
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      action: 'failed',
      problems: [...refusal(draft, error), ...images.problems],
      imagesFailed: images.problems.length,
    };
  }
}

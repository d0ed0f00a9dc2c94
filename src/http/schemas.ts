import { z } from '@hono/zod-openapi';

/**
 * `schema` or null, for a named schema (one declared with `.openapi('Name')`). `.nullable()`
 * on such a schema emits a bare `$ref` and turns the named component itself nullable, so the
 * document would say every use may be null and this one never is. This emits
 * `anyOf: [{ $ref }, { type: 'null' }]`, which validates null here and only here.
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);

/** An image as every response shows it; `uploadUrl` is `<shop_id>/media/<filename>`. */
export const ImageSchema = z
  .object({
    _id: z.string(),
    type: z.string().openapi({ example: 'image/jpeg' }),
    size: z.string().openapi({ description: 'Size in bytes, as a string' }),
    title: z.string(),
    uploadUrl: z.string().openapi({ example: '6f0c…/media/linen-shirt.jpg' }),
  })
  .openapi('Image');

export type Image = z.infer<typeof ImageSchema>;

export const PositionedImageSchema = ImageSchema.extend({ position: z.number() }).openapi(
  'PositionedImage',
);

/** Query `page` (default 1) and `limit` (default `defaultLimit`, served at most `maxLimit`). */
export const pageQuery = (defaultLimit: number, maxLimit: number) =>
  z.object({
    page: z.coerce
      .number()
      .int()
      .positive()
      .max(1_000_000)
      .default(1)
      .openapi({ param: { name: 'page', in: 'query' }, example: 1 }),
    limit: z.coerce
      .number()
      .int()
      .positive()
      .default(defaultLimit)
      .transform((n) => Math.min(n, maxLimit))
      .openapi({
        param: { name: 'limit', in: 'query' },
        description: `Page size; default ${defaultLimit}, larger values are served as ${maxLimit}`,
      }),
  });

/** Shape A: `{ currentPage, totalPages, totalDocuments, limit, data }`. */
export const shapeA = <T extends z.ZodType>(item: T) =>
  z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalDocuments: z.number(),
    limit: z.number(),
    data: z.array(item),
  });

export const pageCount = (total: number, limit: number) =>
  total === 0 ? 0 : Math.ceil(total / limit);

/** Builds Shape A from a page of items and the total count. */
export const toShapeA = <T>(items: T[], total: number, page: number, limit: number) => ({
  currentPage: page,
  totalPages: pageCount(total, limit),
  totalDocuments: total,
  limit,
  data: items,
});

/** A boolean query flag: `true`/`1` or `false`/`0`. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

export const success = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), data });

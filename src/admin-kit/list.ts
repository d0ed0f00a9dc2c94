import { z } from '@hono/zod-openapi';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/client';
import { ApiError } from '../errors';

const cursorParam = (name: string, description: string) =>
  z
    .uuid({ message: 'Must be the id of an object in this list.' })
    .optional()
    .openapi({ param: { name, in: 'query' }, description });

/**
 * Stripe's list parameters. Lists run newest first; extend this schema with a
 * resource's own filters.
 */
export const ListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .openapi({ param: { name: 'limit', in: 'query' }, description: 'Page size, 1 to 100 (10)' }),
  starting_after: cursorParam(
    'starting_after',
    'The id of the last object of the previous page: the next page starts after it',
  ),
  ending_before: cursorParam(
    'ending_before',
    'The id of the first object of the previous page: the page before it',
  ),
});

export type ListParams = z.infer<typeof ListQuerySchema>;

/** `{ object: 'list', data, has_more, url }`, as every list answers. */
export const listSchema = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean().openapi({ description: 'Whether another page follows this one' }),
      url: z.string().openapi({
        description: 'The list’s own path (the reference shows each list’s)',
      }),
    })
    .openapi(name);

/** A table a list pages through: keyed by id, ordered by creation (tenant-owned, as a rule). */
type KeysetTable = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn; shopId?: AnyPgColumn };

/** The part of a list query that pages: where, order and how many rows to fetch. */
export type Keyset = { where: SQL; orderBy: SQL[]; limit: number };

/**
 * The page `params` asks for, as keyset conditions on (created_at, id), newest first.
 * Rows written while a client pages never move the pages it has not read yet.
 */
function keysetOf(table: KeysetTable, owner: AnyPgColumn, ownerId: string, params: ListParams) {
  const cursor = params.ending_before ?? params.starting_after;
  const backwards = params.ending_before !== undefined;
  const position = sql`(${table.createdAt}, ${table.id})`;
  const at = sql`(select ${table.createdAt}, ${table.id} from ${table} where ${owner} = ${ownerId} and ${table.id} = ${cursor})`;
  const where = cursor
    ? and(eq(owner, ownerId), backwards ? sql`${position} > ${at}` : sql`${position} < ${at}`)
    : eq(owner, ownerId);
  const order = backwards ? asc : desc;
  return {
    backwards,
    cursor,
    keyset: {
      where: where ?? sql`false`,
      orderBy: [order(table.createdAt), order(table.id)],
      limit: params.limit + 1,
    },
  };
}

/**
 * Reads one page of `table` for a shop: `select` runs the resource's own query with the
 * keyset (adding its filters to `where`). A cursor that names no object of the list is
 * 422 VALIDATION_FAILED naming the parameter (checked only when the page comes back empty).
 * A list owned by something else than a shop (a person's sessions) names its `owner` column.
 */
export async function listPage<R>(
  db: Db,
  table: KeysetTable,
  shopId: string,
  params: ListParams,
  select: (keyset: Keyset) => Promise<R[]>,
  owner?: AnyPgColumn,
): Promise<{ rows: R[]; hasMore: boolean }> {
  const ownerColumn = owner ?? table.shopId;
  if (!ownerColumn) throw new Error('listPage: the table has no shop_id; name its owner column');
  if (params.starting_after && params.ending_before) {
    throw new ApiError('VALIDATION_FAILED', {
      details: [
        { field: 'ending_before', message: 'Give starting_after or ending_before, not both.' },
      ],
    });
  }
  const { backwards, cursor, keyset } = keysetOf(table, ownerColumn, shopId, params);
  const rows = await select(keyset);
  const page = rows.slice(0, params.limit);
  if (page.length === 0 && cursor) {
    const [found] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(ownerColumn, shopId), eq(table.id, cursor)));
    if (!found) {
      throw new ApiError('VALIDATION_FAILED', {
        details: [
          {
            field: backwards ? 'ending_before' : 'starting_after',
            message: 'No object with this id is in the list.',
          },
        ],
      });
    }
  }
  return { rows: backwards ? page.reverse() : page, hasMore: rows.length > params.limit };
}

/** The list envelope for a page of resources, `url` being the list's own path. */
export const toList = <T>(c: Context<AppEnv>, data: T[], hasMore: boolean) => ({
  object: 'list' as const,
  data,
  has_more: hasMore,
  url: c.req.path,
});

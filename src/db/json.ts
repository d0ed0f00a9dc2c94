import { type SQL, sql } from 'drizzle-orm';
import { UUID_PATTERN } from '../lib/uuid';

/** The contract's image object, as `imageJson` builds it. */
export type ImageJson = {
  _id: string;
  type: string;
  size: string;
  title: string;
  uploadUrl: string;
};

/**
 * SQL building the contract's image object from a `media` row aliased `alias`
 * (null when the join found nothing). `size` is a string, as most responses show it.
 */
export const imageJson = (alias: string): SQL => {
  const m = sql.raw(alias);
  return sql`case when ${m}.id is null then null else json_build_object(
    '_id', ${m}.id, 'type', ${m}.mime_type, 'size', ${m}.size_bytes::text, 'title', ${m}.title,
    'uploadUrl', ${m}.shop_id || '/media/' || ${m}.filename) end`;
};

/** `coalesce(json_agg(expr order by ...), '[]')`: an empty array rather than null. */
export const jsonArray = (expr: SQL, orderBy?: SQL): SQL =>
  orderBy
    ? sql`coalesce(json_agg(${expr} order by ${orderBy}), '[]'::json)`
    : sql`coalesce(json_agg(${expr}), '[]'::json)`;

/** A timestamp as the ISO 8601 string the API shows (UTC, milliseconds, `Z`), formatted by Postgres. */
export const isoTimestamp = (column: SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SQL: a Postgres array of `type` holding `values` (sent as one JSON parameter). */
export const arrayOf = (values: readonly string[], type: 'uuid' | 'text'): SQL =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::${sql.raw(type)})`;

/** SQL: the `media` row aliased `m` as a file reference `{ id, filename, mimeType }`. */
export const mediaFileJson = (m: string): SQL => {
  const a = sql.raw(m);
  return sql`json_build_object('id', ${a}.id, 'filename', ${a}.filename, 'mimeType', ${a}.mime_type)`;
};

/**
 * SQL: the uuids among `texts` (text expressions, such as the image ids a settings document
 * holds), each read once, as a set an indexed uuid column is compared with (`id in …`); a
 * text that is not a uuid is left out instead of failing the cast. Comparing the column as
 * text instead reads every row of the shop and each text again for each row.
 */
export const uuidsAmong = (texts: SQL[]): SQL =>
  sql`(select t.v::uuid from unnest(array[${sql.join(texts, sql`, `)}]::text[]) as t(v)
    where t.v ~ ${`^${UUID_PATTERN}$`})`;

/**
 * SQL: a constant of the code (a refusal's reason, an event's type) written into the
 * statement as a text literal rather than sent as a parameter, so a statement rendered into a
 * database function (scripts/db/rendered-sql.ts) holds it. Only names are accepted.
 */
export const textConstant = (value: string): SQL => {
  if (!/^[\w.:-]+$/.test(value)) throw new Error(`not a constant name: ${value}`);
  return sql.raw(`'${value}'::text`);
};

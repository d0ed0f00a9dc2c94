import type { FieldDef } from 'pg';
import type { NeonOptions } from './neon-http-request';

export interface NeonQueryResult {
  fields: NeonField[];
  rows: unknown[];
  command: string;
  rowCount: number | null;
  rowAsArray: boolean;
}

interface NeonField {
  name: string;
  dataTypeID: number;
  tableID: number;
  columnID: number;
  dataTypeSize: number;
  dataTypeModifier: number;
  format: 'text';
}

/** The error fields Neon copies from a Postgres error (and the driver onto NeonDbError). */
export const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

type PostgresErrorFields = Partial<Record<(typeof ERROR_FIELDS)[number], string | undefined>>;

/** Shapes a text-mode pg result as Neon's endpoint reports it. */
export function toNeonResult(
  result: {
    fields: FieldDef[];
    rows: unknown[][];
    command: string | null;
    rowCount: number | null;
  },
  arrayMode: boolean,
): NeonQueryResult {
  const fields = result.fields.map((f) => ({
    name: f.name,
    dataTypeID: f.dataTypeID,
    tableID: f.tableID,
    columnID: f.columnID,
    dataTypeSize: f.dataTypeSize,
    dataTypeModifier: f.dataTypeModifier,
    format: 'text' as const,
  }));
  const rows = arrayMode
    ? result.rows
    : result.rows.map((row) => Object.fromEntries(fields.map((f, i) => [f.name, row[i]])));
  return {
    fields,
    rows,
    command: result.command ?? '',
    rowCount: result.rowCount,
    rowAsArray: arrayMode,
  };
}

/** The 400 body Neon sends for a failed statement: message plus every error field, null if absent. */
export function neonErrorBody(error: Error & PostgresErrorFields): Record<string, string | null> {
  const body: Record<string, string | null> = { message: error.message };
  for (const field of ERROR_FIELDS) body[field] = error[field] ?? null;
  return body;
}

/** Neon repeats the transaction settings it applied in the batch response headers. */
export function batchResponseHeaders(
  options: NeonOptions,
  isolationHeader: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (isolationHeader !== undefined) headers['neon-batch-isolation-level'] = isolationHeader;
  if (options.readOnly) headers['neon-batch-read-only'] = 'true';
  if (options.deferrable) headers['neon-batch-deferrable'] = 'true';
  return headers;
}

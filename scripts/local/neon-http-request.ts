import { isLoopbackHost } from './net';

/** One statement as Neon's /sql endpoint receives it; params already in Postgres text form. */
export interface NeonQuery {
  query: string;
  params: (string | null)[];
  /** Per-statement override of the Neon-Array-Mode header. */
  arrayMode: boolean | undefined;
}

export type NeonPayload =
  | { kind: 'single'; query: NeonQuery }
  | { kind: 'batch'; queries: NeonQuery[] };

export interface NeonOptions {
  rawTextOutput: boolean;
  arrayMode: boolean;
  isolationLevel: IsolationLevel | undefined;
  readOnly: boolean;
  deferrable: boolean;
}

/** A request the endpoint refuses with 400 `{ message }`. */
export class NeonRequestError extends Error {}

const ISOLATION_LEVELS = {
  Serializable: 'SERIALIZABLE',
  ReadUncommitted: 'READ UNCOMMITTED',
  ReadCommitted: 'READ COMMITTED',
  RepeatableRead: 'REPEATABLE READ',
} as const;
type IsolationLevel = (typeof ISOLATION_LEVELS)[keyof typeof ISOLATION_LEVELS];

/** Reads the Neon-* request headers; like Neon, only the exact value "true" turns a flag on. */
export function parseNeonHeaders(get: (name: string) => string | undefined): NeonOptions {
  const level = get('neon-batch-isolation-level');
  if (level !== undefined && !Object.hasOwn(ISOLATION_LEVELS, level)) {
    throw new NeonRequestError('invalid isolation level');
  }
  return {
    rawTextOutput: get('neon-raw-text-output') === 'true',
    arrayMode: get('neon-array-mode') === 'true',
    isolationLevel:
      level === undefined ? undefined : ISOLATION_LEVELS[level as keyof typeof ISOLATION_LEVELS],
    readOnly: get('neon-batch-read-only') === 'true',
    deferrable: get('neon-batch-deferrable') === 'true',
  };
}

/** The BEGIN that opens a batch with the requested transaction modes. */
export function beginStatement(opts: NeonOptions): string {
  const modes = [
    opts.isolationLevel && `ISOLATION LEVEL ${opts.isolationLevel}`,
    opts.readOnly && 'READ ONLY',
    opts.deferrable && 'DEFERRABLE',
  ].filter(Boolean);
  return ['BEGIN', ...modes].join(' ');
}

/**
 * Checks the Neon-Connection-String header. Only loopback databases are accepted, so the
 * endpoint cannot relay SQL to other hosts.
 */
export function parseConnectionString(value: string | undefined): string {
  if (!value) throw new NeonRequestError('missing Neon-Connection-String header');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new NeonRequestError('Neon-Connection-String is not a valid URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new NeonRequestError('Neon-Connection-String must be a postgres:// URL');
  }
  const host = url.searchParams.get('host') ?? url.hostname;
  if (!isLoopbackHost(host)) throw new NeonRequestError(`database host ${host} is not on loopback`);
  return value;
}

/** Validates a request body: `{query, params?, arrayMode?}` or `{queries: [...]}`. */
export function parseNeonPayload(body: unknown): NeonPayload {
  if (!isRecord(body)) throw new NeonRequestError('request body must be a JSON object');
  if (typeof body.query === 'string') return { kind: 'single', query: parseQuery(body) };
  if (!Array.isArray(body.queries)) {
    throw new NeonRequestError('request body needs "query" (string) or "queries" (array)');
  }
  return { kind: 'batch', queries: body.queries.map(parseQuery) };
}

function parseQuery(value: unknown): NeonQuery {
  if (!isRecord(value) || typeof value.query !== 'string') {
    throw new NeonRequestError('each query needs a "query" string');
  }
  const params = value.params ?? [];
  if (!Array.isArray(params)) throw new NeonRequestError('"params" must be an array');
  const arrayMode = value.arrayMode;
  if (arrayMode !== undefined && typeof arrayMode !== 'boolean') {
    throw new NeonRequestError('"arrayMode" must be a boolean');
  }
  return { query: value.query, params: params.map(toPgText), arrayMode };
}

/**
 * Neon's rule for JSON params: strings pass through, null stays NULL, other scalars and
 * objects become their JSON text, arrays become Postgres array literals.
 */
export function toPgText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return toPgArrayLiteral(value);
  return JSON.stringify(value);
}

function toPgArrayLiteral(items: unknown[]): string {
  const parts = items.map((item) => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return toPgArrayLiteral(item);
    // Elements are written as JSON (strings quoted and escaped), objects as quoted JSON text,
    // which is what Neon's proxy does.
    return JSON.stringify(typeof item === 'object' ? JSON.stringify(item) : item);
  });
  return `{${parts.join(',')}}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

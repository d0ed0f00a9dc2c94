import { DrizzleQueryError } from 'drizzle-orm';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

/** The one structured logger: a JSON line per event with level, message and context. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger whose lines also carry `fields` (request id, shop id, …). */
  with(fields: LogFields): Logger;
}

/**
 * An error as logs may show it. A failed query keeps its statement and the database's
 * reason, never its parameters, which hold customers' data.
 */
export function errorText(error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    return `Failed query: ${error.query}; ${String(error.cause)}`;
  }
  return String(error);
}

/** The stack worth logging: a failed query's own stack would repeat its parameters. */
export const errorStack = (error: unknown) => {
  if (!(error instanceof Error)) return undefined;
  return error instanceof DrizzleQueryError ? error.cause?.stack : error.stack;
};

/** `error` fields are written through errorText, so no log line ever holds query parameters. */
const serialise = (fields: LogFields): LogFields =>
  'error' in fields ? { ...fields, error: errorText(fields.error) } : fields;

/** Creates a logger writing to the runtime's console (Workers Logs collects it). */
export function createLogger(base: LogFields = {}): Logger {
  const write = (level: LogLevel, msg: string, fields: LogFields = {}) => {
    const line = JSON.stringify({ level, msg, ...base, ...serialise(fields) });
    if (level === 'error' || level === 'warn') console.error(line);
    else console.log(line);
  };
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    with: (fields) => createLogger({ ...base, ...fields }),
  };
}

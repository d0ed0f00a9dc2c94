import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/client';

/**
 * The statement a query function sends, captured instead of run, as SQL text and parameters.
 * The stand-in database answers `row` (or no row); what the function does with that answer
 * after sending, a throw included, does not matter here.
 */
export async function capturedStatement(run: (db: Db) => Promise<unknown>, row?: object) {
  let captured: SQL | undefined;
  const db = {
    execute: async (query: SQL) => {
      captured = query;
      return { rows: row ? [row] : [] };
    },
  } as unknown as Db;
  await run(db).catch(() => undefined);
  if (!captured) throw new Error('no statement sent');
  return new PgDialect().sqlToQuery(captured);
}

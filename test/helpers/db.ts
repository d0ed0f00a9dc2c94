import { env } from 'cloudflare:test';
import { createDatabase, type Database, type Db } from '../../src/db/client';

/** The test's own database access, with interactive transactions: the production Neon driver. */
export function testDatabase(): Database {
  const bindings = env as unknown as Record<string, string>;
  return createDatabase({
    url: bindings.DATABASE_URL ?? '',
    httpEndpoint: bindings.NEON_HTTP_ENDPOINT,
    wsProxy: bindings.NEON_WS_PROXY,
  });
}

/** The test's own database handle, through the local SQL-over-HTTP endpoint. */
export const testDb = (): Db => testDatabase().db;

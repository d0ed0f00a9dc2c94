import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { isUuid } from '../lib/uuid';
import type { Keyset } from './list';

/** A tenant table whose rows the merchant API versions (src/db/schema/columns.ts `version`). */
export type VersionedTable = PgTable & {
  id: AnyPgColumn;
  shopId: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  version: AnyPgColumn;
};

/**
 * The statements every versioned resource needs, each filtered by shop: read one, read a
 * page, lock one for a read-modify-write, insert, update (raising `version` and
 * `updated_at`) and delete. An id that is not a UUID finds nothing.
 */
export function versionedRows<T extends VersionedTable>(table: T) {
  type Row = T['$inferSelect'];
  type Values = Omit<T['$inferInsert'], 'id' | 'shopId' | 'version' | 'createdAt' | 'updatedAt'>;
  const byId = (shopId: string, id: string) => and(eq(table.shopId, shopId), eq(table.id, id));
  // Drizzle cannot follow a generic table through its builders; each result is the table's row.
  const t = table as PgTable;

  return {
    async one(db: Db, shopId: string, id: string): Promise<Row | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(t).where(byId(shopId, id));
      return (row as Row | undefined) ?? null;
    },
    async page(db: Db, keyset: Keyset): Promise<Row[]> {
      const rows = await db
        .select()
        .from(t)
        .where(keyset.where)
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit);
      return rows as Row[];
    },
    /** The row, locked until the transaction ends. */
    async lock(tx: Tx, shopId: string, id: string): Promise<Row | null> {
      if (!isUuid(id)) return null;
      const [row] = await tx.select().from(t).where(byId(shopId, id)).for('update');
      return (row as Row | undefined) ?? null;
    },
    async insert(tx: Tx, shopId: string, values: Values): Promise<Row> {
      const [row] = await tx
        .insert(t)
        .values({ ...values, shopId } as never)
        .returning();
      if (!row) throw new Error('the row was not inserted');
      return row as Row;
    },
    async update(tx: Tx, shopId: string, id: string, values: Partial<Values>): Promise<Row> {
      const [row] = await tx
        .update(t)
        .set({ ...values, version: sql`${table.version} + 1`, updatedAt: sql`now()` } as never)
        .where(byId(shopId, id))
        .returning();
      if (!row) throw new Error('a locked row vanished');
      return row as Row;
    },
    async remove(tx: Tx, shopId: string, id: string): Promise<void> {
      await tx.delete(t).where(byId(shopId, id));
    },
  };
}

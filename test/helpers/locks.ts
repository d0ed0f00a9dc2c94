import { type SQL, sql } from 'drizzle-orm';
import { testDatabase, testDb } from './db';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the locks `lock` takes (a `for update` read, or a write) in a transaction of its own until the returned release is called. */
export async function holdLock(lock: SQL) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const taken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = testDatabase().interactive(async (tx) => {
    await tx.execute(lock);
    locked();
    await released;
  });
  await taken;
  return async () => {
    release();
    await done;
  };
}

/**
 * Waits until a statement of another session whose text contains `text` waits on a lock
 * (`event`: the kind of lock), or until `settled` is set (the request was answered first).
 * Returns the waiting session's backend pid (null when settled first).
 */
export async function waitingOn(
  event: 'transactionid' | 'advisory',
  text: string,
  settled = { done: false },
): Promise<number | null> {
  while (!settled.done) {
    const { rows } = await testDb().execute<{ pid: number }>(
      sql`select pid from pg_stat_activity
          where wait_event_type = 'Lock' and wait_event = ${event} and query ilike ${`%${text}%`}
            and pid <> pg_backend_pid()`,
    );
    if (rows[0]) return rows[0].pid;
    await sleep(25);
  }
  return null;
}

/** The tables session `pid` holds a lock on (a statement locks every table it names). */
export async function tablesLockedBy(pid: number): Promise<string[]> {
  const { rows } = await testDb().execute<{ relname: string }>(
    sql`select distinct c.relname from pg_locks l join pg_class c on c.oid = l.relation
        where l.pid = ${pid} and c.relkind = 'r'`,
  );
  return rows.map((r) => r.relname);
}

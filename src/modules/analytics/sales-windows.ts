import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The UTC day of a time, `YYYY-MM-DD`: a report's days, and the day sales windows are rolled to. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Rolls every shop's 30-day sales window (product_sales_windows, the Home report's best sellers)
 * forward to end on the UTC day of `now` (the day a report ends on by default), a page of
 * shops per statement (public.sales_windows_roll, drizzle/0052_sales_window_triggers.sql). A
 * shop whose window is held by orders being written for longer than the roll waits is skipped
 * and rolled on the next run; until then its report adds up the days instead. Returns the
 * windows rolled.
 */
export async function rollSalesWindows(db: Db, now: number, pageSize = 200): Promise<number> {
  const today = dayOf(now);
  let rolled = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await db.execute<{ ids: string[] | null; rolled: number }>(sql`
      with page as (
        select w.shop_id from sales_windows w
        where (w.window_end is null or w.window_end < ${today}::date)
          and w.shop_id > ${after}::uuid
        order by w.shop_id limit ${pageSize}
      )
      select array(select shop_id from page order by shop_id) as ids,
        public.sales_windows_roll(${today}::date, array(select shop_id from page order by shop_id)) as rolled`);
    const ids = rows[0]?.ids ?? [];
    rolled += Number(rows[0]?.rolled ?? 0);
    if (ids.length < pageSize) return rolled;
    after = ids[ids.length - 1] as string;
  }
}

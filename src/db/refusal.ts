import { type SQL, sql } from 'drizzle-orm';
import { errorChain } from '../lib/dependency';
import { textConstant } from './json';

/**
 * Refusals raised from inside a write batch. A batch (`Database.writeBatch`) is one transaction
 * whose statements cannot be branched on by the caller, so a statement that finds its write
 * must not happen ends with `refuseWhen`: `public.order_refuse` (drizzle/0036) raises SQLSTATE
 * SF003, which rolls the whole batch back, and `refusalOf` reads its reason and detail back.
 */
const REFUSED = 'SF003';

/**
 * The tail of a statement that refuses the batch with `reason` (a constant, written into the
 * statement) and `detail` when `when` holds.
 */
export const refuseWhen = (when: SQL, reason: string, detail: SQL = sql`''`) =>
  sql`select public.order_refuse(${textConstant(reason)}, ${detail}) where ${when}`;

/** The reason and detail of a batch refused by `refuseWhen`, or null for any other failure. */
export function refusalOf(error: unknown): { reason: string; detail: string } | null {
  for (const e of errorChain(error)) {
    if (e instanceof Error && 'code' in e && e.code === REFUSED) {
      const detail = 'detail' in e && typeof e.detail === 'string' ? e.detail : '';
      return { reason: e.message, detail };
    }
  }
  return null;
}

import type { WriteScope } from '../../admin-kit/write';
import { ApiError } from '../../errors/index';
import type { QueuedEmail } from '../mail/outbox';
import { emailAfterCommit } from '../mail/send';
import {
  type AdminOrderRow,
  type OrderTableRow,
  selectAdminOrder,
  updateOrder,
} from './admin-queries';
import type { AdminOrder } from './admin-schemas';
import { toAdminOrder } from './admin-service';

/** What a change to an order writes besides its own statements: order columns and emails. */
export type OrderEffect = { values: Partial<OrderTableRow>; emails: QueuedEmail[] };

/** An order before and after a change, as the merchant API shows it. */
export type OrderWritten = { before: AdminOrder; order: AdminOrder; current: AdminOrderRow };

/**
 * The one way a merchant changes an order, in the write's transaction: locks the order (so
 * concurrent refunds or fulfilments wait for each other), checks If-Match, runs `apply`
 * (which writes its own rows and says what else changes), raises the order's version, queues
 * the buyer's emails (sent after the commit) and records the audit change the timeline shows.
 */
export async function writeOrder(
  w: WriteScope,
  id: string,
  apply: (current: AdminOrderRow) => Promise<OrderEffect>,
): Promise<OrderWritten> {
  const current = await selectAdminOrder(w.tx, w.shop.id, id, { lock: true });
  if (!current) throw new ApiError('ORDER_NOT_FOUND');
  w.expectVersion(current.version);
  const effect = await apply(current);
  await updateOrder(w.tx, w.shop.id, id, effect.values);
  const updated = await selectAdminOrder(w.tx, w.shop.id, id);
  if (!updated) throw new Error('a locked order vanished');
  const before = toAdminOrder(current, w.shop);
  const order = toAdminOrder(updated, w.shop);
  await emailAfterCommit(w, effect.emails);
  await w.audit({ action: 'update', resourceType: 'order', resourceId: id, before, after: order });
  return { before, order, current };
}

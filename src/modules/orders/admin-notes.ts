import type { WriteScope } from '../../admin-kit/write';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { ApiError, type ErrorCode } from '../../errors/index';
import { listAuditEvents } from '../audit/service';
import { insertNote } from './admin-operation-queries';
import type { AddressPatch, TimelineQuery } from './admin-operation-schemas';
import { writeOrder } from './admin-order-write';
import { selectAdminOrder } from './admin-queries';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  addNote: ['ORDER_NOT_FOUND'],
  correctAddress: ['ORDER_NOT_FOUND', 'ORDER_ADDRESS_LOCKED'],
  timeline: ['ORDER_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** Adds an internal note, signed with who wrote it (the key's name or the staff email). */
export async function addNote(w: WriteScope, id: string, author: string, body: string) {
  const { order } = await writeOrder(w, id, async (row) => {
    await insertNote(w.tx, w.shop.id, row.id, { author, body });
    return { values: {}, emails: [] };
  });
  return order;
}

/**
 * Corrects the shipping address while nothing has shipped: a pending order without any
 * fulfilment. After that the parcel is on its way, and the change is refused.
 */
export async function correctAddress(w: WriteScope, id: string, patch: AddressPatch) {
  const { order } = await writeOrder(w, id, async (row) => {
    if (row.status !== 'pending' || row.fulfillments.length > 0) {
      throw new ApiError('ORDER_ADDRESS_LOCKED', {
        details: [
          {
            field: 'status',
            message:
              row.fulfillments.length > 0
                ? 'The order has a fulfilment.'
                : `The order is ${row.status}.`,
          },
        ],
      });
    }
    const { postal_code, ...parts } = patch;
    return {
      values: { ...parts, ...(postal_code === undefined ? {} : { postalCode: postal_code }) },
      emails: [],
    };
  });
  return order;
}

/**
 * A page of what happened to an order, oldest first, read from the audit log: each
 * transition, fulfilment, refund, note and address correction with who made it and when.
 * The page is the newest `limit` changes, or those before `starting_after`; `hasMore` when
 * older changes remain.
 */
export async function orderTimeline(db: Db, shop: ShopContext, id: string, page: TimelineQuery) {
  const order = await selectAdminOrder(db, shop.id, id);
  if (!order) throw new ApiError('ORDER_NOT_FOUND');
  const found = await listAuditEvents(db, shop, {
    ...page,
    resource_type: 'order',
    resource_id: order.id,
  });
  return { data: found.data.reverse(), hasMore: found.hasMore };
}

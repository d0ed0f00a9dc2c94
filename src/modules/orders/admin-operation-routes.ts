import { actorOf } from '../../admin-kit/audit';
import { listSchema } from '../../admin-kit/list';
import { IdParamSchema } from '../../admin-kit/route';
import { actionRoute, listRoute, mount, updateRoute } from '../../admin-kit/verbs';
import { jsonBody } from '../../http/openapi';
import type { createRouter } from '../../http/router';
import { AuditEventSchema } from '../audit/schemas';
import { RAISES as FULFIL_RAISES, fulfilOrder } from './admin-fulfillments';
import { addNote, correctAddress, RAISES as NOTE_RAISES, orderTimeline } from './admin-notes';
import {
  AddressPatchSchema,
  FulfillmentCreateSchema,
  NoteCreateSchema,
  RefundCreateSchema,
  TimelineQuerySchema,
} from './admin-operation-schemas';
import { AdminOrderSchema } from './admin-schemas';
import { changeOrder, RAISES } from './admin-transitions';

const tag = 'Orders';
/** Every operation answers the order after the change, with its ETag. */
const orderAnswer = { schema: AdminOrderSchema, answers: 'The order after the change' };

const fulfil = actionRoute({
  path: '/{id}/fulfillments',
  tag,
  scope: 'orders:write',
  operationId: 'fulfilOrder',
  summary: 'Ships some or all lines of an order, with carrier and tracking, and emails the buyer',
  description: `Without \`lines\`, everything not shipped yet. An order can have several fulfilments; \`fulfillment_status\` becomes \`partial\`, then \`fulfilled\` (the storefront shows them in \`shipping\`). More than a line has left is 422 FULFILLMENT_QUANTITY_INVALID; nothing left is 409 ORDER_ALREADY_FULFILLED; a cancelled or refunded order is 409 ORDER_TRANSITION_INVALID. \`tracking_url\` must be https. The buyer's email carries the tracking link.`,
  request: { params: IdParamSchema, body: jsonBody(FulfillmentCreateSchema) },
  ...orderAnswer,
  raises: FULFIL_RAISES.fulfil,
  act: (w, { params, body }) => fulfilOrder(w, params.id, body),
});

const refunds = actionRoute({
  path: '/{id}/refunds',
  tag,
  scope: 'orders:refund',
  operationId: 'createOrderRefund',
  summary:
    'Refunds part or all of what was paid, optionally restocking lines, and emails the buyer',
  description: `For a paid order in any status but cancelled and refunded (a refund follows the payment, not the delivery). Several refunds add up to at most the amount paid: more is 422 REFUND_EXCEEDS_PAID (concurrent refunds wait for each other on the order, so they cannot exceed it together). \`amount\` is in minor units, an integer. \`restock\` gives the quantities back to stock in the same transaction (422 REFUND_RESTOCK_INVALID when a line holds less). \`payment_status\` becomes \`partially-refunded\`; the order becomes \`refunded\` once everything paid is refunded. An order paid through the provider's checkout is refunded at the provider first (its id in \`provider_refund_id\`); the provider refusing is 409 REFUND_REFUSED_BY_PROVIDER and an outage 503, and then nothing is recorded. Raises \`order.refunded\`, whose data names this refund (\`refund\`).`,
  request: { params: IdParamSchema, body: jsonBody(RefundCreateSchema) },
  ...orderAnswer,
  raises: RAISES.refund,
  act: async (w, { params, body }) => (await changeOrder(w, params.id, 'refund', body)).order,
});

const notes = actionRoute({
  path: '/{id}/notes',
  tag,
  scope: 'orders:write',
  operationId: 'addOrderNote',
  summary: 'Adds an internal note to an order (never shown to the buyer)',
  description:
    'The note is signed with who wrote it: the key’s name and prefix, or the staff member’s email. The order’s `notes` lists them, oldest first.',
  request: { params: IdParamSchema, body: jsonBody(NoteCreateSchema) },
  ...orderAnswer,
  raises: NOTE_RAISES.addNote,
  act: (w, { params, body, caller }) =>
    addNote(w, params.id, actorOf(caller, null).label ?? 'operator', body.body),
});

const address = updateRoute({
  path: '/{id}/shipping-address',
  tag,
  scope: 'orders:write',
  operationId: 'correctOrderAddress',
  summary: 'Corrects the shipping address before anything has shipped',
  description:
    'Only for a pending order without fulfilments; afterwards 409 ORDER_ADDRESS_LOCKED. Fields left out stay as they are.',
  request: { params: IdParamSchema, body: jsonBody(AddressPatchSchema) },
  ...orderAnswer,
  raises: NOTE_RAISES.correctAddress,
  update: (w, { params, body }) => correctAddress(w, params.id, body),
});

export const TimelineSchema = listSchema(AuditEventSchema, 'OrderTimeline');

const timeline = listRoute({
  path: '/{id}/timeline',
  tag,
  scope: 'orders:read',
  operationId: 'getOrderTimeline',
  summary: 'Everything that happened to an order, oldest first',
  description:
    'Read from the audit log: every transition, fulfilment, refund, note and address correction, with who made it, when, and each changed field before and after. A page holds the newest `limit` changes (100 by default), oldest first; with `has_more`, pass its first change’s id as `starting_after` for the changes before it.',
  request: { params: IdParamSchema, query: TimelineQuerySchema },
  schema: TimelineSchema,
  answers: 'The order’s changes, oldest first',
  raises: NOTE_RAISES.timeline,
  list: ({ db, shop, params, query }) => orderTimeline(db, shop, params.id, query),
});

/** Fulfilments, refunds, notes, address corrections and the timeline of /orders/{id}. */
export function addOperationRoutes(router: ReturnType<typeof createRouter>) {
  mount(router, fulfil, refunds, notes, address, timeline);
}

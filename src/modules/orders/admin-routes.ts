import { IdParamSchema } from '../../admin-kit/route';
import { actionRoute, listRoute, mount, readRoute } from '../../admin-kit/verbs';
import { jsonBody } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { addOperationRoutes } from './admin-operation-routes';
import { DeliverSchema } from './admin-operation-schemas';
import {
  AdminOrderSchema,
  MarkPaidSchema,
  OrderListQuerySchema,
  OrderListSchema,
  RefundRequestSchema,
  RefundSchema,
} from './admin-schemas';
import { getAdminOrder, listAdminOrders, RAISES as READ_RAISES } from './admin-service';
import type { OrderVerb } from './admin-transition-table';
import { changeOrder, RAISES, VERB_SCOPES, type VerbInput } from './admin-transitions';

const tag = 'Orders';

const list = listRoute({
  path: '/',
  tag,
  scope: 'orders:read',
  operationId: 'listOrders',
  summary:
    'The shop’s orders, newest first, searched and filtered by status, payment, date, email or number',
  description: `\`q\` finds the order number, or a part of the buyer's email or name. Filters combine: \`status\`, \`payment_status\`, \`created_since\` / \`created_until\` (ISO 8601), the buyer's \`email\` (any case) and \`order_number\`. Each order comes with its lines, amounts (minor units), address, delivery, payment and refund fields.`,
  request: { query: OrderListQuerySchema },
  schema: OrderListSchema,
  answers: 'A page of orders',
  list: ({ db, shop, query }) => listAdminOrders(db, shop, query),
});

const read = readRoute({
  path: '/{id}',
  tag,
  scope: 'orders:read',
  operationId: 'getOrder',
  summary: 'One order in full: lines, amounts, address, delivery, payment and refund',
  description: `The order with its ETag. \`refund_status\` and \`refund_expiry_date\` are computed as the storefront computes them, from the delivery time and the shop's refund window.`,
  request: { params: IdParamSchema },
  schema: AdminOrderSchema,
  answers: 'The order',
  raises: READ_RAISES.getAdminOrder,
  get: ({ db, shop, params }) => getAdminOrder(db, shop, params.id),
});

const RULES =
  'Each change is one transaction with its audit record and the buyer’s email; a change the order’s state does not allow is 409 with a code naming the state (see the transition table in docs/decisions/orders.md).';

/** A transition route: `POST /{id}/<segment>` running one verb of the state machine. */
function transitionRoute<V extends OrderVerb>(
  verb: V,
  segment: string,
  operationId: string,
  [summary, description]: [string, string],
  body?:
    | typeof MarkPaidSchema
    | typeof RefundRequestSchema
    | typeof RefundSchema
    | typeof DeliverSchema,
) {
  return actionRoute({
    path: `/{id}/${segment}`,
    tag,
    scope: VERB_SCOPES[verb],
    operationId,
    summary,
    description: `${description} ${RULES}`,
    request: body
      ? {
          params: IdParamSchema,
          // deliver's tracking is optional: a call without a body still delivers
          body: body === DeliverSchema ? { ...jsonBody(body), required: false } : jsonBody(body),
        }
      : { params: IdParamSchema },
    schema: AdminOrderSchema,
    answers: 'The order after the change',
    raises: RAISES[verb],
    act: async (w, { params, body }) =>
      (await changeOrder(w, params.id, verb, (body ?? {}) as VerbInput)).order,
  });
}

const TRANSITIONS = [
  transitionRoute(
    'deliver',
    'deliver',
    'deliverOrder',
    [
      'Marks a pending order delivered and emails the buyer; the refund window starts',
      'pending → delivered. Sets `delivered_at`, from which the refund window counts. With `carrier`, `tracking_number` or `tracking_url`, what has not shipped yet is fulfilled with that tracking first (see POST /orders/{id}/fulfillments); unknown fields are 422.',
    ],
    DeliverSchema,
  ),
  transitionRoute('complete', 'complete', 'completeOrder', [
    'Closes a delivered order',
    'delivered → completed. No email; the refund window still applies.',
  ]),
  transitionRoute('cancel', 'cancel', 'cancelOrder', [
    'Cancels a pending order: refunds what was paid, gives back its stock and coupon use, closes its downloads, emails the buyer',
    'pending → cancelled. Stock the lines took comes back exactly once, even when cancels race. Cancelling an order with money left to refund also needs `orders:refund` (403 MERCHANT_SCOPE_MISSING, checked before anything is written); an unpaid order needs only `orders:write`. A paid order is refunded what is left to refund by the refund’s own rules: at the provider when paid through its checkout (a refusal is 409 REFUND_REFUSED_BY_PROVIDER, an outage 503, and then nothing is written), else recorded. The refund is in `refunds` (reason "Order cancelled", with the lines restocked) and the buyer’s email names the amount. Raises `order.cancelled`, whose data carries `refund` (the refund made, or null), and `order.refunded` when money went back.',
  ]),
  transitionRoute(
    'mark_paid',
    'mark-paid',
    'markOrderPaid',
    [
      'Records the payment of an unpaid order (cash on delivery, bank transfer)',
      'unpaid → fully-paid, for a pending, delivered or completed order; `paid_amount` becomes the total. An order already paid is 409 ORDER_ALREADY_PAID.',
    ],
    MarkPaidSchema,
  ),
  transitionRoute(
    'request_refund',
    'request-refund',
    'requestOrderRefund',
    [
      'Records the buyer’s refund request within the shop’s refund window',
      'For a delivered or completed order: `refund_status` becomes EXISTING. A second request is 409 REFUND_ALREADY_REQUESTED; after the window, 409 REFUND_WINDOW_CLOSED.',
    ],
    RefundRequestSchema,
  ),
  transitionRoute(
    'refund',
    'refund',
    'refundOrder',
    [
      'Records a completed refund of a paid order, optionally restocking once',
      'One refund of a paid order in any status but cancelled and refunded (unpaid: 409 ORDER_NOT_PAID): `amount` defaults to what is left to refund; `restock: true` gives back the stock the order still holds. The order becomes refunded once everything paid is refunded; POST /orders/{id}/refunds takes partial refunds with restock per line.',
    ],
    RefundSchema,
  ),
];

/** /admin/api/v1/orders: reading orders and moving them through their states. */
export const orderAdminRoutes = createRouter();

mount(orderAdminRoutes, list, read, ...TRANSITIONS);

addOperationRoutes(orderAdminRoutes);

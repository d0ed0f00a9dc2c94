import { readOptionalCustomer, requireCustomerToken } from '../../http/customer';
import { jsonBody, jsonContent } from '../../http/openapi';
import { limitPerIp } from '../../http/rate-limit';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
import {
  IdempotencyHeaderSchema,
  OrderDetailSchema,
  OrderIdParamSchema,
  OrderListQuerySchema,
  OrderListSchema,
  PlaceOrderBodySchema,
  PlaceOrderResultSchema,
} from './schemas';
import { ORDER_RATE, RAISES as PLACE_RAISES, placeOrder } from './service/place';
import { getOrder, listOrders, RAISES as READ_RAISES } from './service/read';

const place = defineRoute({
  method: 'post',
  path: '/',
  tags: ['orders'],
  operationId: 'placeOrder',
  summary:
    'Places an order (guest or signed in); prices, shipping, coupons and tax are the server’s',
  description:
    'Answers with the order confirmation, or with a checkout link when the shop takes payments online. An `Idempotency-Key` header makes retries safe.',
  middleware: [requireShop, limitPerIp(ORDER_RATE, 'ORDER_RATE_LIMITED')] as const,
  request: { headers: IdempotencyHeaderSchema, body: jsonBody(PlaceOrderBodySchema) },
  raises: PLACE_RAISES.placeOrder,
  validationCode: 'ORDER_VALIDATION_FAILED',
  responses: {
    200: jsonContent(success(PlaceOrderResultSchema), 'The order confirmation or checkout link'),
  },
});

const list = defineRoute({
  method: 'get',
  path: '/',
  tags: ['orders'],
  operationId: 'listOrders',
  summary: "The signed-in customer's orders, newest first",
  description:
    'Shape B: `total`, `page`, `limit`, `totalPages` and `data` at the top level, newest first. Page size: default 10, at most 50.',
  middleware: [requireShop, requireCustomerToken] as const,
  request: { query: OrderListQuerySchema },
  responses: {
    200: jsonContent(OrderListSchema, 'A page of orders (Shape B)'),
  },
});

const detail = defineRoute({
  method: 'get',
  path: '/{id}',
  tags: ['orders'],
  operationId: 'getOrder',
  summary: "One of the signed-in customer's orders",
  description:
    "Adds the refund window (`refundExpiryDate`, `refundStatus`) and, once the order is fully paid, its digital files (`downloadables`). Any id that is not one of the customer's orders in this shop is `404 ORDER_NOT_FOUND`.",
  middleware: [requireShop, requireCustomerToken] as const,
  request: { params: OrderIdParamSchema },
  raises: READ_RAISES.getOrder,
  responses: {
    200: jsonContent(success(OrderDetailSchema), 'The order'),
  },
});

/**
 * The orders resource. Downloads share its mount path (/orders), so each route resolves its
 * shop itself instead of through a router-wide middleware that would also cover theirs.
 */
export const orderRoutes = createRouter();

orderRoutes.openapi(place, async (c) => {
  const data = await placeOrder(c.get('services'), c.get('shop'), {
    body: c.req.valid('json'),
    customer: await readOptionalCustomer(c),
    idempotencyKey: c.req.valid('header')['idempotency-key'] ?? null,
  });
  return c.json({ status: 'success' as const, data }, 200);
});

orderRoutes.openapi(list, async (c) => {
  const db = c.get('services').database.db;
  const page = await listOrders(db, c.get('shop'), c.get('customerClaims'), c.req.valid('query'));
  return c.json({ status: 'success' as const, ...page }, 200);
});

orderRoutes.openapi(detail, async (c) => {
  const db = c.get('services').database.db;
  const { id } = c.req.valid('param');
  const data = await getOrder(db, c.get('shop'), c.get('customerClaims'), id);
  return c.json({ status: 'success' as const, data }, 200);
});

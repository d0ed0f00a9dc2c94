import { IdParamSchema } from '../../admin-kit/route';
import { actionRoute, listRoute, mount, readRoute, updateRoute } from '../../admin-kit/verbs';
import { jsonBody } from '../../http/openapi';
import { createRouter } from '../../http/router';
import {
  CustomerExportSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerSchema,
  CustomerUpdateSchema,
  CustomerWithOrdersSchema,
  EraseSchema,
} from './schemas';
import {
  eraseCustomer,
  exportCustomer,
  getCustomer,
  listCustomers,
  RAISES,
  updateCustomer,
} from './service';

const tag = 'Customers';

const list = listRoute({
  path: '/',
  tag,
  scope: 'customers:read',
  operationId: 'listCustomers',
  summary: 'The shop’s customers, newest first; search by email or name',
  description:
    '`search` matches part of the email or the name, any case; `status` filters. Newest first.',
  request: { query: CustomerListQuerySchema },
  schema: CustomerListSchema,
  answers: 'A page of customers',
  list: ({ db, shop, query }) => listCustomers(db, shop, query),
});

const read = readRoute({
  path: '/{id}',
  tag,
  scope: 'customers:read',
  operationId: 'getCustomer',
  summary: 'One customer with their newest orders',
  description:
    'The customer with their saved address and their 50 newest orders (linked to the account or placed with its email).',
  request: { params: IdParamSchema },
  schema: CustomerWithOrdersSchema,
  answers: 'The customer',
  raises: RAISES.getCustomer,
  get: ({ db, shop, params }) => getCustomer(db, shop, params.id),
});

const exported = readRoute({
  path: '/{id}/export',
  tag,
  scope: 'customers:read',
  operationId: 'exportCustomer',
  summary: 'Everything the shop holds about a customer, as one JSON document',
  description:
    'Profile, address, every order, reviews, sessions, newsletter subscription and coupon redemptions: what the shop holds about the customer, for an access request.',
  request: { params: IdParamSchema },
  schema: CustomerExportSchema,
  answers: 'The customer’s data',
  etag: false,
  raises: RAISES.getCustomer,
  get: ({ db, shop, params }) => exportCustomer(db, shop, params.id),
});

const update = updateRoute({
  path: '/{id}',
  tag,
  scope: 'customers:write',
  operationId: 'updateCustomer',
  summary: 'Sets a customer active, inactive or blacklisted; their tokens follow at once',
  description:
    '`status`: `active`, `inactive` or `blacklisted`. Tokens are checked against it on every request, so a blocked customer is signed out at their next call. An erased customer cannot be changed (409 CUSTOMER_ERASED).',
  request: { params: IdParamSchema, body: jsonBody(CustomerUpdateSchema) },
  schema: CustomerSchema,
  answers: 'The customer',
  raises: RAISES.updateCustomer,
  update: (w, { params, body }) => updateCustomer(w, params.id, body),
});

const erase = actionRoute({
  path: '/{id}/erase',
  tag,
  scope: 'customers:write',
  operationId: 'eraseCustomer',
  summary: 'Erases a customer’s personal data; orders stay for the books, sessions end',
  description:
    'Replaces the email, empties name and phone, deletes the address, sign-in codes and links, newsletter subscription and emails, revokes every session and empties the name on reviews. Orders keep their number, lines, amounts, name and delivery address for the books; their email, phone and note are removed.',
  request: { params: IdParamSchema, body: jsonBody(EraseSchema) },
  schema: CustomerSchema,
  answers: 'The customer, anonymised',
  raises: RAISES.eraseCustomer,
  act: (w, { params }) => eraseCustomer(w, params.id),
});

/** /admin/api/v1/customers: who buys, their access, their data. */
export const customerAdminRoutes = createRouter();

mount(customerAdminRoutes, list, read, exported, update, erase);

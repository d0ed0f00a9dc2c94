import { adminRoute, IdParamSchema } from '../../admin-kit/route';
import { listRoute, mount, readRoute } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { forgetShop } from '../../identity/shops';
import {
  DeletedSubscriberSchema,
  NewsletterSettingsSchema,
  NewsletterSettingsUpdateSchema,
  SubscriberExportQuerySchema,
  SubscriberListQuerySchema,
  SubscriberListSchema,
} from './admin-schemas';
import {
  ADMIN_RAISES,
  exportSubscribers,
  getNewsletterSettings,
  listSubscribers,
  removeSubscriber,
  setSubscriberCap,
} from './admin-service';

const tag = 'Newsletter';

const list = listRoute({
  path: '/subscribers',
  tag,
  scope: 'marketing:read',
  operationId: 'listNewsletterSubscribers',
  summary: 'The shop’s newsletter subscribers, newest first, optionally in one state',
  description:
    'Subscribers newest first with cursors; `status` keeps one state (pending, verified, unsubscribed).',
  request: { query: SubscriberListQuerySchema },
  schema: SubscriberListSchema,
  answers: 'A page of subscribers',
  list: ({ db, shop, query }) => listSubscribers(db, shop.id, query),
});

const exportCsv = adminRoute({
  method: 'get',
  path: '/subscribers/export',
  tag,
  scope: 'marketing:read',
  operationId: 'exportNewsletterSubscribers',
  summary: 'Every subscriber as CSV (oldest first), streamed',
  description:
    "Columns: id, email, status, created_at, verified_at, unsubscribed_at. Values a spreadsheet would run as a formula are prefixed with `'`.",
  request: { query: SubscriberExportQuerySchema },
  responses: {
    200: {
      description: 'The CSV file',
      content: {
        'text/csv': {
          schema: {
            type: 'string' as const,
            example:
              'id,email,status,created_at,verified_at,unsubscribed_at\r\n6f1c2a8e-3b4d-4f5a-9e7c-1d2b3a4c5e6f,sofia.lind@example.com,verified,2026-05-02T09:14:00.000Z,2026-05-02T09:20:11.000Z,\r\n',
          },
        },
      },
    },
  },
});

const remove = adminRoute({
  method: 'delete',
  path: '/subscribers/{id}',
  tag,
  scope: 'marketing:write',
  operationId: 'deleteNewsletterSubscriber',
  summary: 'Removes a subscriber and its address for good (its place under the cap frees up)',
  description:
    'Deletes the subscription and its address (erasure); the address may subscribe again later.',
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(DeletedSubscriberSchema, 'The subscriber is removed') },
  raises: ADMIN_RAISES.deleteSubscriber,
});

const readSettings = readRoute({
  path: '/settings',
  tag,
  scope: 'marketing:read',
  operationId: 'getNewsletterSettings',
  summary: 'The subscriber cap and how many subscribers are in each state',
  description: 'The subscriber cap (null: none) and the number of subscribers in each state.',
  schema: NewsletterSettingsSchema,
  answers: 'The newsletter settings',
  etag: false,
  get: ({ db, shop }) => getNewsletterSettings(db, shop.id),
});

const updateSettings = adminRoute({
  method: 'patch',
  path: '/settings',
  tag,
  scope: 'marketing:write',
  operationId: 'updateNewsletterSettings',
  summary: 'Sets the subscriber cap (null removes it)',
  description:
    'Sets or removes the cap on pending and verified subscribers. Lowering it removes nobody; new subscriptions are refused until places free up.',
  request: { body: jsonBody(NewsletterSettingsUpdateSchema) },
  responses: { 200: jsonContent(NewsletterSettingsSchema, 'The newsletter settings') },
});

/** /admin/api/v1/newsletter: subscribers and the shop's subscriber cap. */
export const newsletterAdminRoutes = createRouter();

mount(newsletterAdminRoutes, list);

newsletterAdminRoutes.openapi(exportCsv, (c) => {
  const db = c.get('services').database.db;
  const stream = exportSubscribers(db, c.get('shop').id, c.req.valid('query').status);
  return c.body(stream, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': 'attachment; filename="newsletter-subscribers.csv"',
  });
});

// Not deleteRoute: a subscription has no version, so its removal takes no If-Match.
newsletterAdminRoutes.openapi(remove, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => removeSubscriber(w, id)), 200);
});

mount(newsletterAdminRoutes, readSettings);

// Not updateRoute: the cap has no version, so its change takes no If-Match and answers no ETag.
newsletterAdminRoutes.openapi(updateSettings, async (c) => {
  const cap = c.req.valid('json').subscriber_cap;
  const settings = await merchantWrite(c, (w) =>
    setSubscriberCap(w, cap, () => forgetShop(w.services, w.shop.id)),
  );
  return c.json(settings, 200);
});

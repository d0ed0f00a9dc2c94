import { ListQuerySchema, toList } from '../../admin-kit/list';
import { IdParamSchema } from '../../admin-kit/route';
import { jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { requireStaffSession } from '../../http/staff-session';
import { NO_CONTENT, StaffSessionListSchema } from './schemas';
import { endOwnSessions, listOwnSessions, RAISES } from './service/sessions';

const listSessionsRoute = defineRoute({
  method: 'get',
  path: '/',
  tags: ['Sessions'],
  operationId: 'listOwnStaffSessions',
  summary: "The signed-in person's live sessions, newest first",
  description:
    'Every live session of the signed-in person (each browser they signed in with), newest first, a page at a time like every list; `current` marks this one. Session cookie only.',
  middleware: [requireStaffSession] as const,
  request: { query: ListQuerySchema },
  responses: { 200: jsonContent(StaffSessionListSchema, 'A page of sessions') },
});

const endSessionRoute = defineRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Sessions'],
  operationId: 'endOwnStaffSession',
  summary: 'Ends one of your sessions',
  description:
    'Signs that browser out at once (its next request answers 401). Ending the current session signs you out.',
  middleware: [requireStaffSession] as const,
  request: { params: IdParamSchema },
  raises: RAISES.session,
  responses: NO_CONTENT,
});

const endSessionsRoute = defineRoute({
  method: 'delete',
  path: '/',
  tags: ['Sessions'],
  operationId: 'endOtherStaffSessions',
  summary: 'Ends every other session of yours',
  description: 'Signs you out everywhere but in this browser, at once.',
  middleware: [requireStaffSession] as const,
  responses: NO_CONTENT,
});

/** /admin/api/v1/sessions: the signed-in person's own sessions (cookie only). */
export const sessionRoutes = createRouter();

// Not listRoute: a person's own sessions, behind the session cookie, not a shop's credential.
sessionRoutes.openapi(listSessionsRoute, async (c) => {
  const db = c.get('services').database.db;
  const page = await listOwnSessions(db, c.get('staff'), c.req.valid('query'));
  return c.json(toList(c, page.data, page.hasMore), 200);
});
sessionRoutes.openapi(endSessionRoute, async (c) => {
  await endOwnSessions(c.get('services').database.db, c.get('staff'), c.req.valid('param').id);
  return c.body(null, 204);
});
sessionRoutes.openapi(endSessionsRoute, async (c) => {
  await endOwnSessions(c.get('services').database.db, c.get('staff'));
  return c.body(null, 204);
});

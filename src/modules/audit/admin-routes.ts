import { toList } from '../../admin-kit/list';
import { adminRoute } from '../../admin-kit/route';
import { jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { AuditEventListSchema, AuditListQuerySchema } from './schemas';
import { listAuditEvents } from './service';

const list = adminRoute({
  method: 'get',
  path: '/',
  tag: 'Audit',
  scope: 'admin',
  operationId: 'listAuditEvents',
  summary: 'Every change made through the merchant API, newest first, with what changed',
  description:
    "Lists every change made through the merchant API (and by the operator's CLI), newest first: the key, the action, the resource, the time and each changed field with its value before and after. Filter by resource, key or actor (a staff email, or a key's name and prefix).",
  request: { query: AuditListQuerySchema },
  responses: { 200: jsonContent(AuditEventListSchema, 'A page of audit events') },
});

/** /admin/api/v1/audit: the shop's audit log (`admin` scope). */
export const auditAdminRoutes = createRouter();

auditAdminRoutes.openapi(list, async (c) => {
  const db = c.get('services').database.db;
  const page = await listAuditEvents(db, c.get('shop'), c.req.valid('query'));
  return c.json(toList(c, page.data, page.hasMore), 200);
});

import { listRoute, mount } from '../../admin-kit/verbs';
import { createRouter } from '../../http/router';
import { AuditEventListSchema, AuditListQuerySchema } from './schemas';
import { listAuditEvents } from './service';

const list = listRoute({
  path: '/',
  tag: 'Audit',
  scope: 'admin',
  operationId: 'listAuditEvents',
  summary: 'Every change made through the merchant API, newest first, with what changed',
  description:
    "Lists every change made through the merchant API (and by the operator's CLI), newest first: the key, the action, the resource, the time and each changed field with its value before and after. Filter by resource, key or actor (a staff email, or a key's name and prefix).",
  request: { query: AuditListQuerySchema },
  schema: AuditEventListSchema,
  answers: 'A page of audit events',
  list: ({ db, shop, query }) => listAuditEvents(db, shop, query),
});

/** /admin/api/v1/audit: the shop's audit log (`admin` scope). */
export const auditAdminRoutes = createRouter();

mount(auditAdminRoutes, list);

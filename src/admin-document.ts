import type { OpenAPIHono } from '@hono/zod-openapi';
import { describeAdminDocument } from './admin-kit/document';
import { merchantGuide } from './admin-kit/guide';
import { IDEMPOTENCY_TTL_HOURS } from './admin-kit/idempotency';
import { ADMIN_BASE } from './admin-paths';
import type { AppEnv } from './app-env';
import recorded from './http/admin-docs-examples.json';
import type { RecordedExamples } from './http/docs-openapi';
import { type DocumentTag, LICENSE, serversOf } from './http/document-info';
import { DEFAULT_MERCHANT_RATE_LIMIT } from './identity/merchant-keys';
import { MERCHANT_SCOPES } from './identity/merchant-scopes';
import { SESSION_COOKIE } from './identity/staff-sessions';
import { RETRY_MINUTES } from './modules/webhooks/delivery';
import { WEBHOOK_EVENT_TYPES } from './modules/webhooks/events';

/** The guide at the top of the reference, with the figures the code holds. */
const DESCRIPTION = merchantGuide({
  scopes: MERCHANT_SCOPES,
  eventTypes: WEBHOOK_EVENT_TYPES,
  retryMinutes: RETRY_MINUTES,
  idempotencyHours: IDEMPOTENCY_TTL_HOURS,
  defaultRateLimit: DEFAULT_MERCHANT_RATE_LIMIT,
});

/**
 * Serves the merchant API's OpenAPI document at `/openapi.json` of `api` (every module
 * mounted): its security schemes, its guide and tags, generated once per isolate on the first
 * request for it and completed with examples: those recorded from the demo shop, else the
 * field examples (src/admin-kit/document.ts).
 */
export function documentAdminApi(api: OpenAPIHono<AppEnv>, tags: DocumentTag[]) {
  api.openAPIRegistry.registerComponent('securitySchemes', 'MerchantKey', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_live_…',
    description: `A merchant secret key. Scopes: ${MERCHANT_SCOPES.join(', ')} (write includes read; orders:refund refunds and cancels paid orders, which orders:write does not; admin manages keys and reads the audit log; staff:write manages staff, invites and roles).`,
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'StaffSession', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'A staff member signed in from a browser (`POST /auth/verify`): the same scopes as keys, from the member’s role (the owner holds every scope). Unsafe methods need `Origin` of this origin or `Sec-Fetch-Site: same-origin` (`403 CSRF_ORIGIN_MISMATCH`).',
  });
  // Generated once per isolate, on the first request for it.
  let document: object | undefined;
  api.get('/openapi.json', (c) => {
    document ??= describeAdminDocument(
      api.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Merchant API',
          version: '1.0.0',
          description: DESCRIPTION,
          license: LICENSE,
        },
        servers: serversOf(ADMIN_BASE),
        tags,
      }),
      ADMIN_BASE,
      recorded as RecordedExamples,
    );
    return c.json(document);
  });
}

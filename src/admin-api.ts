import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { validationHook } from './http/router';
import { MERCHANT_SCOPES } from './identity/merchant-scopes';
import { auditAdminRoutes } from './modules/audit/admin-routes';
import { keyAdminRoutes } from './modules/keys/admin-routes';
import { pickupLocationAdminRoutes } from './modules/pickup-locations/admin-routes';
import { shippingRateAdminRoutes } from './modules/shipping-rates/admin-routes';

export const ADMIN_BASE = '/admin/api/v1';
export const ADMIN_OPENAPI_PATH = `${ADMIN_BASE}/openapi.json`;

const DESCRIPTION = `Manage one shop from your own systems. Authenticate with a merchant key
(\`Authorization: Bearer sk_live_…\`), created with \`npm run shop -- merchant-key create\` or
\`POST /keys\`; each operation names the scope it needs. Lists page with \`limit\`,
\`starting_after\` and \`ending_before\`, newest first. Writes accept \`Idempotency-Key\`;
versioned resources answer an \`ETag\` and honour \`If-Match\`. Amounts are integers in minor
units of the shop currency. Every write is recorded in the audit log.`;

/**
 * The merchant API: every admin module mounted at its path (add a resource here) and its
 * own OpenAPI document. Its registry holds paths below ADMIN_BASE.
 */
export function createAdminOpenApi() {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook() }).basePath(ADMIN_BASE);
  api.route('/keys', keyAdminRoutes);
  api.route('/audit', auditAdminRoutes);
  api.route('/shipping-rates', shippingRateAdminRoutes);
  api.route('/pickup-locations', pickupLocationAdminRoutes);

  api.openAPIRegistry.registerComponent('securitySchemes', 'MerchantKey', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_live_…',
    description: `A merchant secret key. Scopes: ${MERCHANT_SCOPES.join(', ')} (write includes read; admin manages keys and reads the audit log).`,
  });
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Merchant API', version: '1.0.0', description: DESCRIPTION },
  });
  return api;
}

/** The merchant API inside a plain Hono app, so its operations stay out of the storefront's document. */
export function createAdminApi(): Hono<AppEnv> {
  return new Hono<AppEnv>().route('/', createAdminOpenApi());
}

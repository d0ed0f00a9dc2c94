import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { ADMIN_BASE, ADMIN_OPENAPI_PATH } from './admin-paths';
import type { AppEnv } from './app-env';
import { dashboardRoutes } from './http/dashboard';
import { docsPage } from './http/docs';
import examples from './http/docs-examples.json';
import { STOREFRONT_GUIDE, STOREFRONT_TAGS } from './http/docs-guide';
import { describeDocument, type RecordedExamples } from './http/docs-openapi';
import { LICENSE, serversOf } from './http/document-info';
import { hotTier } from './http/edge-hot';
import { validationHook } from './http/router';
import { isolateGenerations } from './http/services';
import { shopCacheTrusted } from './identity/shops';
import { analyticsRoutes } from './modules/analytics/routes';
import { authRoutes } from './modules/auth/routes';
import { categoryRoutes } from './modules/categories/routes';
import { configRoutes } from './modules/config/routes';
import { contentRoutes } from './modules/content/routes';
import { couponRoutes } from './modules/coupons/routes';
import { downloadRoutes } from './modules/downloads/routes';
import { livezRoutes } from './modules/livez/routes';
import { newsletterRoutes } from './modules/newsletter/routes';
import { orderRoutes } from './modules/orders/routes';
import { settlePaymentEvent } from './modules/orders/service/payments';
import { createPaymentRoutes } from './modules/payments/routes';
import { productRoutes } from './modules/products/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { searchRoutes } from './modules/search/routes';
import { settingsRoutes } from './modules/settings/routes';
import { storageRoutes } from './modules/storage/routes';
import { STORAGE_PATH } from './modules/storage/service';
import { API_BASE, createPlatformApp, limitBody } from './platform';

export { API_BASE };
export const OPENAPI_PATH = `${API_BASE}/openapi.json`;

/** The storefront API's routes, each module mounted at its contract path. */
function createApi() {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook() });
  api.route('/livez', livezRoutes);
  api.route('/settings', settingsRoutes);
  api.route('/products', productRoutes);
  api.route('/categories', categoryRoutes);
  api.route('/search', searchRoutes);
  api.route('/content', contentRoutes);
  api.route('/auth', authRoutes);
  api.route('/coupons', couponRoutes);
  api.route('/orders', orderRoutes);
  // Order file downloads live under their orders' path, as the contract writes it.
  api.route('/orders', downloadRoutes);
  api.route('/payments', createPaymentRoutes(settlePaymentEvent));
  api.route('/reviews', reviewRoutes);
  api.route('/newsletter', newsletterRoutes);
  api.route('/config', configRoutes);
  api.route('/analytics', analyticsRoutes);
  registerSecuritySchemes(api);
  return api;
}

function registerSecuritySchemes(api: OpenAPIHono<AppEnv>) {
  api.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: "The shop's storefront key; it names the shop every call is for.",
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'CustomerToken', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A customer token from POST /auth/verify or POST /auth/access, valid 30 days, for the device (`x-device-id`) that signed in.',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'PaymentSignature', {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description:
      'The payment provider\'s signature of the raw body (`t=<time>,v1=<HMAC-SHA-256 of "<time>.<body>">`) with the shop\'s webhook secret. Only the provider can produce it; themes never call this.',
  });
}

/**
 * The storefront API's OpenAPI document: generated from the route declarations, paths
 * relative to `/access/api/v1`, completed with examples and code samples.
 */
function storefrontDocument(api: OpenAPIHono<AppEnv>) {
  return describeDocument(
    api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Storefront API',
        version: '1.0.0',
        description: STOREFRONT_GUIDE,
        license: LICENSE,
      },
      servers: serversOf(API_BASE),
      tags: STOREFRONT_TAGS,
    }),
    examples as RecordedExamples,
  );
}

/** The merchant API's application, built on its first request (see createApp). */
let adminApp: Promise<Hono<AppEnv>> | undefined;
const merchantApi = () => {
  adminApp ??= import('./admin-api').then(({ createAdminApp }) => createAdminApp());
  return adminApp;
};

/**
 * Builds the whole application; the worker entry and the tests share it. Requests under
 * ADMIN_BASE are handed, before any middleware here, to the merchant API's own application,
 * loaded on the first of them: a storefront isolate never evaluates the merchant modules.
 */
export function createApp() {
  // Browsers may call the storefront and its images from any origin; never the merchant API.
  const storefrontCors = cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', 'x-api-key', 'x-device-id', 'Idempotency-Key'],
    exposeHeaders: [
      'X-Request-Id',
      'Retry-After',
      'RateLimit',
      'RateLimit-Policy',
      'Content-Disposition',
      'Server-Timing',
    ],
    maxAge: 86400,
  });
  const app = createPlatformApp({
    first: (root) => {
      root.all(`${ADMIN_BASE}/*`, async (c) =>
        (await merchantApi()).fetch(c.req.raw, c.env, c.executionCtx),
      );
      // Cacheable answers, as the client gets them, for the worker entry's hot tier.
      root.use(`${API_BASE}/*`, hotTier.recorder(isolateGenerations, shopCacheTrusted));
    },
    beforeServices: (root) => {
      root.use(`${API_BASE}/*`, storefrontCors);
      root.use(`${STORAGE_PATH}/*`, storefrontCors);
    },
  });
  app.use(`${API_BASE}/*`, limitBody);

  const api = createApi();
  app.route(API_BASE, api);
  // Generated once per isolate, on first request: the declarations never change at run time.
  let document: ReturnType<typeof storefrontDocument> | undefined;
  app.get(OPENAPI_PATH, (c) => {
    document ??= storefrontDocument(api);
    return c.json(document);
  });
  app.route(
    '/docs',
    docsPage({
      title: 'Storefront API reference',
      specUrl: OPENAPI_PATH,
      securityScheme: 'ApiKey',
    }),
  );
  app.route(
    '/admin/docs',
    docsPage({
      title: 'Merchant API reference',
      specUrl: ADMIN_OPENAPI_PATH,
      securityScheme: 'MerchantKey',
    }),
  );
  app.route(STORAGE_PATH, storageRoutes);
  // The merchant dashboard's page, for every /admin path the routes above do not answer.
  app.route('/', dashboardRoutes);
  return app;
}

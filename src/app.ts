import { swaggerUI } from '@hono/swagger-ui';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { ADMIN_BASE, createAdminApi } from './admin-api';
import type { AppEnv } from './app-env';
import { ApiError } from './errors';
import { onError, onNotFound } from './http/error-handler';
import { securityHeaders } from './http/headers';
import { validationHook } from './http/router';
import { serverTiming } from './http/server-timing';
import { services } from './http/services';
import { analyticsRoutes } from './modules/analytics/routes';
import { authRoutes } from './modules/auth/routes';
import { categoryRoutes } from './modules/categories/routes';
import { configRoutes } from './modules/config/routes';
import { contentRoutes } from './modules/content/routes';
import { couponRoutes } from './modules/coupons/routes';
import { downloadRoutes } from './modules/downloads/routes';
import { newsletterRoutes } from './modules/newsletter/routes';
import { orderRoutes } from './modules/orders/routes';
import { paymentRoutes } from './modules/payments/routes';
import { productRoutes } from './modules/products/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { searchRoutes } from './modules/search/routes';
import { settingsRoutes } from './modules/settings/routes';
import { storageRoutes } from './modules/storage/routes';
import { STORAGE_PATH } from './modules/storage/service';

export const API_BASE = '/access/api/v1';
export const OPENAPI_PATH = `${API_BASE}/openapi.json`;

/** The storefront API's routes, each module mounted at its contract path. */
function createApi() {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook() });
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
  api.route('/payments', paymentRoutes);
  api.route('/reviews', reviewRoutes);
  api.route('/newsletter', newsletterRoutes);
  api.route('/config', configRoutes);
  api.route('/analytics', analyticsRoutes);
  return api;
}

/** Builds the whole application; the worker entry and the tests share it. */
export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook() });
  app.use('*', securityHeaders(API_BASE));
  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  // Browsers may call the storefront and its images from any origin; never the merchant API.
  const storefrontCors = cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', 'x-api-key', 'x-device-id', 'Idempotency-Key'],
    exposeHeaders: ['X-Request-Id', 'Retry-After', 'Content-Disposition', 'Server-Timing'],
    maxAge: 86400,
  });
  app.use(`${API_BASE}/*`, storefrontCors);
  app.use(`${STORAGE_PATH}/*`, storefrontCors);
  app.use('*', services, serverTiming);
  const limitBody = bodyLimit({
    maxSize: 256 * 1024,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE');
    },
  });
  app.use(`${API_BASE}/*`, limitBody);
  app.use(`${ADMIN_BASE}/*`, limitBody);

  app.route(API_BASE, createApi());
  app.route(STORAGE_PATH, storageRoutes);
  app.route('/', createAdminApi());

  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: "The storefront's key; identifies the shop.",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'CustomerToken', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A customer token from POST /auth/verify or POST /auth/access.',
  });
  app.doc31(OPENAPI_PATH, {
    openapi: '3.1.0',
    info: {
      title: 'Storefront API',
      version: '1.0.0',
      description:
        'The backend storefront themes call to show one shop, sign customers in, take orders and reviews, and report page metadata and analytics.',
    },
  });
  app.get('/docs', swaggerUI({ url: OPENAPI_PATH, title: 'Storefront API' }));

  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}

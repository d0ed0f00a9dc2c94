import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { AppEnv } from './app-env';
import { ApiError } from './errors';
import { onError, onNotFound } from './http/error-handler';
import { securityHeaders } from './http/headers';
import { rateLimitHeaders } from './http/rate-limit';
import { validationHook } from './http/router';
import { serverTiming } from './http/server-timing';
import { services } from './http/services';

export const API_BASE = '/access/api/v1';

export type PlatformApp = OpenAPIHono<AppEnv>;

type Stages = {
  /** Routes that answer before any platform middleware runs (another application's paths). */
  first?: (app: PlatformApp) => void;
  /** Middleware after the security headers and request id, before the request's services. */
  beforeServices?: (app: PlatformApp) => void;
};

/**
 * An application of this worker with the platform around its routes: security headers and a
 * request id on every answer, the request's services with their timing and rate-limit
 * headers, and the one error envelope for errors and unknown paths. The storefront
 * application and the merchant API are each built on one.
 */
export function createPlatformApp(stages: Stages = {}): PlatformApp {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook() });
  stages.first?.(app);
  app.use('*', securityHeaders(API_BASE));
  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  stages.beforeServices?.(app);
  app.use('*', services, serverTiming, rateLimitHeaders);
  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}

/** JSON bodies up to 256 KiB; uploads read their raw body under limits of their own. */
export const limitBody = bodyLimit({
  maxSize: 256 * 1024,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE');
  },
});

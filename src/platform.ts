import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';
import { ApiError } from './errors';
import { onError, onNotFound } from './http/error-handler';
import { securityHeaders } from './http/headers';
import { rateLimitHeaders } from './http/rate-limit';
import { requestId } from './http/request-id';
import { validationHook } from './http/router';
import { serverTiming } from './http/server-timing';
import { services } from './http/services';
import { visitorAddress } from './http/visitor';
import { jsonDepthExceeds } from './lib/json-depth';

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
  app.use('*', requestId);
  stages.beforeServices?.(app);
  app.use('*', services, visitorAddress, serverTiming(API_BASE), rateLimitHeaders);
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

/** How deeply a JSON body may nest: far beyond any settings or content document, far below a stack. */
export const MAX_JSON_DEPTH = 64;

/**
 * Refuses a JSON body nested deeper than MAX_JSON_DEPTH with 422 VALIDATION_FAILED before any
 * validator walks it (recursive validation of a body thousands of levels deep overflows the
 * stack). The parsed body is cached, so validation reads the same one; a body that is not
 * JSON is left to the validator (INVALID_JSON).
 */
export const limitJsonDepth = createMiddleware<AppEnv>(async (c, next) => {
  if (/json/i.test(c.req.header('content-type') ?? '')) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return next();
    }
    if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
      throw new ApiError('VALIDATION_FAILED', {
        details: [
          { field: '(root)', message: `JSON may nest at most ${MAX_JSON_DEPTH} levels deep.` },
        ],
      });
    }
  }
  await next();
});

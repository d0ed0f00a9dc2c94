import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

const USABLE = /^[\w\-=]{1,255}$/;

/** The request's id: the caller's `X-Request-Id` when it is a usable one, else a new UUID. */
export const requestIdFor = (headers: Headers): string => {
  const given = headers.get('x-request-id');
  return given !== null && USABLE.test(given) ? given : crypto.randomUUID();
};

/** Sets the request id (`c.get('requestId')`) and answers it as `X-Request-Id`. */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = requestIdFor(c.req.raw.headers);
  c.set('requestId', id);
  c.header('X-Request-Id', id);
  await next();
};

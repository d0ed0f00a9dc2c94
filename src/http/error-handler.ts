import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../app-env';
import { sqlState } from '../db/errors';
import { ApiError, type ErrorCode, statusOf } from '../errors';
import { createLogger, errorStack } from '../lib/log';

/** Writes the one error envelope: `{ status, code, message, requestId, details? }`. */
export function errorResponse(c: Context<AppEnv>, error: ApiError) {
  if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
  return c.json(
    {
      status: 'error' as const,
      code: error.code,
      message: error.message,
      requestId: c.get('requestId') ?? '',
      ...(error.details ? { details: error.details } : {}),
    },
    statusOf(error.code),
  );
}

const codeForHttpException = (e: HTTPException): ErrorCode => {
  if (e.status === 413) return 'PAYLOAD_TOO_LARGE';
  if (e.status === 400 && /json/i.test(e.message)) return 'INVALID_JSON';
  if (e.status === 404) return 'ROUTE_NOT_FOUND';
  return 'VALIDATION_FAILED';
};

const isDatabaseUnreachable = (e: unknown) =>
  e instanceof Error &&
  (e.name === 'NeonDbError' || /connect|ECONNREFUSED|fetch failed/i.test(e.message)) &&
  !('code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));

/**
 * Text Postgres cannot encode. Validation refuses it first (router.ts); this keeps any
 * path that slips past answering as the client's error rather than the service's.
 */
const isUnencodableText = (e: unknown) => ['22021', '22P05'].includes(sqlState(e) ?? '');

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    return errorResponse(c, new ApiError(codeForHttpException(err)));
  }
  if (isUnencodableText(err)) return errorResponse(c, new ApiError('VALIDATION_FAILED'));
  const log = c.get('services')?.log ?? createLogger({ requestId: c.get('requestId') });
  log.error('request failed', { error: err, stack: errorStack(err) });
  return errorResponse(
    c,
    new ApiError(isDatabaseUnreachable(err) ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR'),
  );
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(
    c,
    new ApiError('ROUTE_NOT_FOUND', { message: `No endpoint ${c.req.method} ${c.req.path}` }),
  );

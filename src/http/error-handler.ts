import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { PaymentProviderError } from '../adapters/payments';
import type { AppEnv } from '../app-env';
import { isDatabaseUnavailable, sqlState } from '../db/errors';
import { ApiError, type ErrorCode, statusOf } from '../errors';
import { DependencyUnavailableError, errorChain } from '../lib/dependency';
import { createLogger, errorStack } from '../lib/log';

/**
 * Seconds a client is asked to wait after SERVICE_UNAVAILABLE: long enough for a restarted
 * or failed-over dependency to come back, short enough for a shopper to retry by hand.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Writes the one error envelope: `{ status, code, message, requestId, details? }`. */
export function errorResponse(c: Context<AppEnv>, error: ApiError) {
  const retryAfter =
    error.retryAfter ??
    (error.code === 'SERVICE_UNAVAILABLE' ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined);
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
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

/**
 * A dependency could not be reached, timed out, or cannot serve now: Postgres (read through
 * the driver's wrapped errors), Redis, the mail or the payment provider.
 */
const isDependencyUnavailable = (error: unknown) =>
  isDatabaseUnavailable(error) ||
  [...errorChain(error)].some(
    (e) => e instanceof DependencyUnavailableError || e instanceof PaymentProviderError,
  );

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
  if (isDependencyUnavailable(err)) {
    log.warn('dependency unavailable', { error: err });
    return errorResponse(c, new ApiError('SERVICE_UNAVAILABLE'));
  }
  log.error('request failed', { error: err, stack: errorStack(err) });
  return errorResponse(c, new ApiError('INTERNAL_ERROR'));
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(
    c,
    new ApiError('ROUTE_NOT_FOUND', { message: `No endpoint ${c.req.method} ${c.req.path}` }),
  );

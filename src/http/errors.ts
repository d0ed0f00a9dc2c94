import { ERROR_CODES, type ErrorCode } from './error-codes';

/** One problem with one field of the request, e.g. `{ field: 'cart.2.quantity', message }`. */
export type ErrorDetail = { field: string; message: string };

/** The only error type services throw; onError turns it into the envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(options.message ?? ERROR_CODES[code][1]);
    this.name = 'ApiError';
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }
}

/** Shorthand: `throw fail('PRODUCT_NOT_FOUND')`. */
export const fail = (code: ErrorCode, message?: string) =>
  new ApiError(code, message === undefined ? {} : { message });

/** A 429 error whose Retry-After header tells the client when to try again. */
export const rateLimited = (code: ErrorCode, retryAfterSeconds: number) =>
  new ApiError(code, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

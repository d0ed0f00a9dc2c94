import { ERROR_CODES, type ErrorCode } from './codes';

/** One problem with one field of the request, e.g. `{ field: 'cart.2.quantity', message }`. */
export type ErrorDetail = { field: string; message: string };

export type ApiErrorOptions = {
  message?: string;
  details?: ErrorDetail[];
  /** Seconds until the client may try again; sent as `Retry-After` (429 and 503). */
  retryAfter?: number;
};

/**
 * The only error type services throw. It knows nothing of HTTP: the HTTP layer maps
 * its code to a status through the code table and writes the one envelope.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  /** Whole seconds, at least 1, when the client is told when to retry. */
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.message ?? ERROR_CODES[code][1]);
    this.name = 'ApiError';
    this.code = code;
    this.details = options.details;
    this.retryAfter =
      options.retryAfter === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfter));
  }
}

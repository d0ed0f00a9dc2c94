import { z } from '@hono/zod-openapi';
import { ERROR_CODES, type ErrorCode } from '../errors';

export const ErrorDetailSchema = z
  .object({ field: z.string(), message: z.string() })
  .openapi('ErrorDetail');

/** The error envelope of an operation, its `code` narrowed to the codes it can answer. */
const errorEnvelope = (codes: readonly ErrorCode[]) =>
  z.object({
    status: z.literal('error'),
    code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    requestId: z.string().openapi({ description: 'Equals the X-Request-Id response header' }),
    details: z
      .array(ErrorDetailSchema)
      .optional()
      .openapi({ description: 'Validation failures: one entry per field' }),
  });

const requestIdHeader = {
  description: 'The request id, also in the error body; quote it when reporting a problem.',
  schema: { type: 'string' as const },
};
const retryAfterHeader = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer' as const, minimum: 1 },
};

/** The IETF rate-limit headers (draft-ietf-httpapi-ratelimit-headers) of a limited operation. */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description:
      'The limits this operation counts against, e.g. `"auth-ip";q=10;w=600`: each names its quota (`q` requests) per window (`w` seconds).',
    schema: { type: 'string' as const },
  },
  RateLimit: {
    description:
      'What is left of each limit, e.g. `"auth-ip";r=7;t=412`: `r` requests remain, and `t` seconds until the quota is restored.',
    schema: { type: 'string' as const },
  },
};

/** Whether any of the codes is a rate-limit refusal (429): the operation is rate limited. */
export const isRateLimited = (codes: readonly ErrorCode[]) =>
  codes.some((code) => ERROR_CODES[code][0] === 429);

/**
 * OpenAPI error responses for the given codes, grouped by status through the code table
 * (so the document can never disagree with what the API answers). Each status lists its
 * codes as an enum; 429 and 503 document Retry-After, 429 the rate-limit headers.
 */
export function errorResponsesFor(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_CODES[code][0];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        status,
        {
          description: `Error codes: ${list.join(', ')}`,
          headers: {
            'X-Request-Id': requestIdHeader,
            ...(status === 429 || status === 503 ? { 'Retry-After': retryAfterHeader } : {}),
            ...(status === 429 ? RATE_LIMIT_HEADERS : {}),
          },
          content: { 'application/json': { schema: errorEnvelope(list) } },
        },
      ]),
  );
}

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A JSON request body, declared required so a missing body fails validation. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

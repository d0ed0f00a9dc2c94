import { z } from '@hono/zod-openapi';
import { ERROR_CODES, type ErrorCode } from '../errors';

export const ErrorDetailSchema = z.object({ field: z.string(), message: z.string() });

export const ErrorSchema = z
  .object({
    status: z.literal('error'),
    code: z.string().openapi({ example: 'PRODUCT_NOT_FOUND' }),
    message: z.string(),
    requestId: z.string(),
    details: z.array(ErrorDetailSchema).optional(),
  })
  .openapi('Error');

const jsonError = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

/**
 * OpenAPI responses for the given codes, grouped by status from the code table
 * (so the document can never disagree with what the API answers).
 */
export function errorResponses(...codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set<ErrorCode>([...codes, 'VALIDATION_FAILED', 'INTERNAL_ERROR'])) {
    const status = ERROR_CODES[code][0];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [status, jsonError(`Error codes: ${list.join(', ')}`)]),
  );
}

/** Errors any storefront call (authenticated by `x-api-key`) may answer. */
export const SHOP_ERRORS: ErrorCode[] = [
  'API_KEY_MISSING',
  'API_KEY_INVALID',
  'SHOP_UNDER_DEVELOPMENT',
];

/** Security requirement of storefront routes. */
export const apiKeySecurity = [{ ApiKey: [] }];
/** Security requirement of customer routes. */
export const customerSecurity = [{ ApiKey: [], CustomerToken: [] }];

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A JSON request body, declared required so a missing body fails validation. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

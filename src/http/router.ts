import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env';
import type { ErrorCode } from './error-codes';
import { ApiError, type ErrorDetail } from './errors';

type ZodIssueLike = { path: PropertyKey[]; message: string };

/** Turns validation issues into `details` entries that name the offending field. */
export const detailsOf = (issues: readonly ZodIssueLike[]): ErrorDetail[] =>
  issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));

/**
 * A validation hook answering with `code`: every request validation failure goes
 * through onError and the one error envelope.
 */
export const validationHook =
  (code: ErrorCode = 'VALIDATION_FAILED') =>
  (result: { success: boolean; error?: { issues: readonly ZodIssueLike[] } }): undefined => {
    if (!result.success) {
      throw new ApiError(code, { details: detailsOf(result.error?.issues ?? []) });
    }
    return undefined;
  };

/** A feature router: OpenAPI route declarations validated through the shared hook. */
export const createRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook() });

import type { ErrorCode } from '../../http/error-codes';
import { ApiError } from '../../http/errors';
import { detailsOf } from '../../http/router';

type Issue = { path: PropertyKey[]; message: string };
type ValidationResult = { success: boolean; error?: { issues: readonly Issue[] } };

/**
 * A validation hook answering the contract code of the first listed field that failed
 * (e.g. productId → PRODUCT_ID_REQUIRED), else VALIDATION_FAILED (a bad page or limit).
 */
export const validationHookByField =
  (codes: ReadonlyArray<readonly [field: string, code: ErrorCode]>) =>
  (result: ValidationResult): undefined => {
    if (result.success) return undefined;
    const issues = result.error?.issues ?? [];
    const match = codes.find(([field]) => issues.some((issue) => issue.path[0] === field));
    throw new ApiError(match?.[1] ?? 'VALIDATION_FAILED', { details: detailsOf(issues) });
  };

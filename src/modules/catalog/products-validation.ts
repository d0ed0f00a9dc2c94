import { ApiError, type ErrorCode } from '../../errors';
import { detailsOf, type ValidationResult, validationIssues } from '../../http/router';

/**
 * A validation hook answering the contract code of the first listed field that failed
 * (e.g. productId → PRODUCT_ID_REQUIRED), else VALIDATION_FAILED (a bad page or limit).
 */
export const validationHookByField =
  (codes: ReadonlyArray<readonly [field: string, code: ErrorCode]>) =>
  (result: ValidationResult): undefined => {
    const issues = validationIssues(result);
    if (!issues) return undefined;
    const match = codes.find(([field]) => issues.some((issue) => issue.path[0] === field));
    throw new ApiError(match?.[1] ?? 'VALIDATION_FAILED', { details: detailsOf(issues) });
  };

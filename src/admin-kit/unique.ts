import { isUniqueViolation } from '../db/errors';
import { ApiError, type ErrorCode } from '../errors';

/**
 * Runs a write that sets a value the shop holds once (a slug, a code): when a unique index
 * refuses it, the write answers `code` naming `field` instead of a fault. The transaction
 * rolls back with the error, so nothing is half-written.
 */
export async function uniqueOr<T>(
  code: ErrorCode,
  field: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ApiError(code, { details: [{ field, message: 'Already taken in this shop.' }] });
  }
}

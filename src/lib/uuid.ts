/**
 * The text form of a uuid (any case), for patterns that contain uuids; case is spelled out so
 * the pattern needs no flag (JSON Schema patterns, published in the OpenAPI document, take none).
 */
export const UUID_PATTERN =
  '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

/** True when `value` can be compared with a uuid column without a cast error. */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * An id from a request as a query parameter: the value when it is a uuid, else null, which
 * matches no row (so a malformed id reads as unknown instead of failing the cast).
 */
export const uuidOrNull = (value: string | null | undefined): string | null =>
  value && isUuid(value) ? value : null;

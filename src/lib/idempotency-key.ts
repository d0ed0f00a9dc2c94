/** An `Idempotency-Key` header value: 1 to 255 visible ASCII characters (a UUID fits). */
export const isIdempotencyKey = (value: string): boolean => /^[\x21-\x7e]{1,255}$/.test(value);

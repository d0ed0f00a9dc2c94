/** The SQLSTATE of a Postgres error, looked for along the error's `cause` chain. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** A unique index refused the write (another request wrote the same key first). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** `newsletter_claim_place` found the shop's subscriber cap full (drizzle/0007). */
export const isNewsletterCapFull = (error: unknown) => sqlState(error) === 'SF001';

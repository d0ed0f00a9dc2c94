/**
 * Rules shared by every emailed sign-in code (customers' and staff members'): one owner, so
 * both doors lock alike.
 */

/** Wrong codes a verification accepts before it locks. */
export const MAX_VERIFY_ATTEMPTS = 5;

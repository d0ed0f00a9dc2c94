import type { RateRule } from '../../adapters/kv';
import { limitPerIp } from '../../http/rate-limit';

/**
 * Per client network (IPv4 address, IPv6 /64) and shop: code checks and sign-in link uses.
 * Far above what a shopper needs, they bound guessing and the database work a script can
 * cause. Like the code-request limits they fail closed: no answer from the limiter, no
 * sign-in attempt.
 */
export const SIGN_IN_RATE_RULES = {
  verify: { name: 'auth-verify-ip-10m', limit: 30, windowSeconds: 600 },
  access: { name: 'auth-access-ip-10m', limit: 20, windowSeconds: 600 },
} satisfies Record<string, RateRule>;

/** POST /auth/verify: beyond the limit 429 TOO_MANY_VERIFY_ATTEMPTS. */
export const limitVerify = limitPerIp(SIGN_IN_RATE_RULES.verify, 'TOO_MANY_VERIFY_ATTEMPTS', {
  whenDown: 'refuse',
  message: 'Too many sign-in attempts from this network. Try again later.',
});

/** POST /auth/access: beyond the limit 429 TOO_MANY_LOGIN_ATTEMPTS. */
export const limitAccess = limitPerIp(SIGN_IN_RATE_RULES.access, 'TOO_MANY_LOGIN_ATTEMPTS', {
  whenDown: 'refuse',
});

import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, tryAgainIn, withRetryAfter } from '../../../../src/lib/retry-after';

describe('saying when to try again from Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing from nothing', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(retryAfterSeconds('720', now)).toBe(720);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 10:12:00 GMT', now)).toBe(720);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });

  it('words the wait in seconds, minutes or hours, rounded up', () => {
    expect(tryAgainIn(40)).toBe('Try again in 40 seconds.');
    expect(tryAgainIn(60)).toBe('Try again in 1 minute.');
    expect(tryAgainIn(701)).toBe('Try again in 12 minutes.');
    expect(tryAgainIn(3 * 3600)).toBe('Try again in 3 hours.');
  });

  it('replaces a vague "try again later" with when, and leaves a message without a time alone', () => {
    expect(withRetryAfter('Too many sign-in requests. Try again later.', '720')).toBe(
      'Too many sign-in requests. Try again in 12 minutes.',
    );
    expect(withRetryAfter('Too many attempts. Wait a while and try again.', '30')).toBe(
      'Too many attempts. Try again in 30 seconds.',
    );
    expect(withRetryAfter('Too many wrong codes. Request a new code.', '600')).toBe(
      'Too many wrong codes. Request a new code. Try again in 10 minutes.',
    );
    expect(withRetryAfter('Too many sign-in requests. Try again later.', null)).toBe(
      'Too many sign-in requests. Try again later.',
    );
  });
});

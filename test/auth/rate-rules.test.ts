import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../src/adapters/kv-memory';
import { CODE_RATE_RULES } from '../../src/modules/auth/otp';

/**
 * The code-request limits over an hour, on a controlled clock (the endpoint tests cover the
 * wiring; an hour cannot pass in a test).
 */
describe('sign-in code limits per email', () => {
  const requester = (now: () => number, key: string) => {
    const limiter = createMemoryRateLimiter(now);
    return async () => {
      const decisions = await Promise.all([
        limiter.hit(CODE_RATE_RULES.emailBurst, key),
        limiter.hit(CODE_RATE_RULES.emailHour, key),
      ]);
      return {
        allowed: decisions.every((d) => d.allowed),
        retryAfter: Math.max(...decisions.map((d) => d.retryAfterSeconds)),
      };
    };
  };

  it('lets a person ask for a code five times in a row, and says when the next one is allowed', async () => {
    let now = 0;
    const request = requester(() => now, 'shop:a@shop.test');
    for (let i = 0; i < 5; i++) {
      expect((await request()).allowed).toBe(true);
      now += 5_000;
    }
    // At least five per 15 minutes; beyond the burst limit, the wait is within the window.
    for (let i = 5; i < CODE_RATE_RULES.emailBurst.limit; i++) {
      expect((await request()).allowed).toBe(true);
    }
    const refused = await request();
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(CODE_RATE_RULES.emailBurst.windowSeconds);
    // 15 minutes after the first request, one frees up.
    now = CODE_RATE_RULES.emailBurst.windowSeconds * 1000 + 1;
    expect((await request()).allowed).toBe(true);
  });

  it('caps an hour of steady requests, a minute apart', async () => {
    let now = 0;
    const request = requester(() => now, 'shop:b@shop.test');
    let allowed = 0;
    for (let i = 0; i < 60; i++) {
      if ((await request()).allowed) allowed++;
      now += 60_000;
    }
    expect(allowed).toBeGreaterThanOrEqual(5);
    expect(allowed).toBeLessThanOrEqual(CODE_RATE_RULES.emailHour.limit);
  });

  it('limits each email on its own', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const { emailBurst } = CODE_RATE_RULES;
    for (let i = 0; i < emailBurst.limit; i++) await limiter.hit(emailBurst, 'shop:a@shop.test');
    expect((await limiter.hit(emailBurst, 'shop:b@shop.test')).allowed).toBe(true);
    const refused = await limiter.hit(emailBurst, 'shop:a@shop.test');
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: emailBurst.windowSeconds });
  });
});

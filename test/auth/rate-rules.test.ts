import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../src/adapters/kv-memory';
import { CODE_RATE_RULES } from '../../src/modules/auth/otp';

/**
 * The code-request limits over an hour, on a controlled clock (the endpoint test covers the
 * wiring and the 60-second limit; an hour cannot pass in a test).
 */
describe('sign-in code limits per email', () => {
  it('allows five requests an hour, a minute apart', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    const request = async () => {
      const decisions = await Promise.all([
        limiter.hit(CODE_RATE_RULES.emailMinute, 'shop:a@shop.test'),
        limiter.hit(CODE_RATE_RULES.emailHour, 'shop:a@shop.test'),
      ]);
      return {
        allowed: decisions.every((d) => d.allowed),
        retryAfter: Math.max(...decisions.map((d) => d.retryAfterSeconds)),
      };
    };
    for (let i = 0; i < 5; i++) {
      expect((await request()).allowed).toBe(true);
      now += 61_000;
    }
    const sixth = await request();
    expect(sixth.allowed).toBe(false);
    expect(sixth.retryAfter).toBeGreaterThan(60);
    // An hour after the first request, one frees up.
    now = 3_600_000 + 1;
    expect((await request()).allowed).toBe(true);
  });

  it('counts a request refused by the minute limit against the hour', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    const hour = () => limiter.hit(CODE_RATE_RULES.emailHour, 'shop:b@shop.test');
    const minute = () => limiter.hit(CODE_RATE_RULES.emailMinute, 'shop:b@shop.test');
    expect((await minute()).allowed && (await hour()).allowed).toBe(true);
    now += 10_000;
    expect((await minute()).allowed).toBe(false);
    expect((await hour()).remaining).toBe(CODE_RATE_RULES.emailHour.limit - 2);
  });

  it('limits each email on its own', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    expect((await limiter.hit(CODE_RATE_RULES.emailMinute, 'shop:a@shop.test')).allowed).toBe(true);
    expect((await limiter.hit(CODE_RATE_RULES.emailMinute, 'shop:b@shop.test')).allowed).toBe(true);
    const refused = await limiter.hit(CODE_RATE_RULES.emailMinute, 'shop:a@shop.test');
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  });
});

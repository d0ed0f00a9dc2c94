import { beforeAll, describe, expect, it } from 'vitest';
import { COUPON_CODE_RATE, COUPON_IP_RATE } from '../../src/modules/coupons/service';
import { type ApiResponse, client, expectError, newIp } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { createCoupon } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const unique = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase();

describe('coupon attempt limits', () => {
  let shop: TestShop;
  let mug: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop();
    mug = await createProduct(shop, { priceMinor: 1500, trackStock: false });
  });

  const attempt = (ip: string, coupons: unknown, cart: unknown = [cartLine()]) =>
    client(shop.apiKey).post(
      '/coupons',
      { coupons, cart },
      { headers: { 'cf-connecting-ip': ip } },
    );
  const cartLine = () => ({ productId: mug.id, quantity: 1, type: 'product' });
  const expectLimited = (res: ApiResponse, most: number) => {
    expectError(res, 429, 'COUPON_RATE_LIMITED');
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(most);
  };

  it('refuses the 21st attempt in 10 minutes from one IP, counting malformed ones too', async () => {
    expect(COUPON_IP_RATE).toMatchObject({ limit: 20, windowSeconds: 600 });
    const ip = newIp();
    await createCoupon(shop, { code: 'REAL10', kind: 'percentage', value: 10 });
    // Guesses (each a different code, so the per-code limit stays out of it), then
    // malformed bodies, then the one real code.
    for (let i = 0; i < 15; i++) {
      expectError(await attempt(ip, [`GUESS${unique()}`]), 400, 'INVALID_COUPON');
    }
    for (let i = 0; i < 4; i++) {
      expectError(await attempt(ip, 'not a list'), 422, 'VALIDATION_FAILED');
    }
    expect((await attempt(ip, ['REAL10'])).status).toBe(200);
    expectLimited(await attempt(ip, ['REAL10']), COUPON_IP_RATE.windowSeconds);

    // Another address is not held back.
    expect((await attempt(newIp(), ['REAL10'])).status).toBe(200);
  });

  it('refuses a code tried more than 60 times a minute from any addresses', async () => {
    expect(COUPON_CODE_RATE).toMatchObject({ limit: 60, windowSeconds: 60 });
    const code = `SALE${unique()}`;
    await createCoupon(shop, { code, kind: 'fixed', value: 100 });
    // Ten at a time, as many as the local database stand-in serves at once: sixty at once
    // would only queue there (a busy machine then answers 503), and six rounds of ten stay
    // well inside the minute.
    const answers: ApiResponse[] = [];
    for (let round = 0; round < COUPON_CODE_RATE.limit / 10; round++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            // Spelled in any case and spacing, it is the same code.
            attempt(newIp(), [i % 2 === 0 ? code : ` ${code.toLowerCase()} `]),
          ),
        )),
      );
    }
    expect(answers).toHaveLength(COUPON_CODE_RATE.limit);
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expectLimited(await attempt(newIp(), [code.toLowerCase()]), COUPON_CODE_RATE.windowSeconds);

    // Other codes are not held back, from the same or a new address.
    const ip = newIp();
    expectError(await attempt(ip, [`OTHER${unique()}`]), 400, 'INVALID_COUPON');
    expectError(await attempt(ip, [code]), 429, 'COUPON_RATE_LIMITED');
  });
});

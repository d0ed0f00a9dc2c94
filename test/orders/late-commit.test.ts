/**
 * An order whose batch commits after the request stopped waiting for its answer (the request's
 * database budget ran out) is answered as created, not 503: writeOrder asks once, with a wait
 * of its own, whether the batch committed (src/modules/orders/service/write.ts).
 *
 * The late commit is real: other transactions hold the rows the batch must lock, first its
 * buyer's customer row for a while (the order's insert links the customer), then the shop's
 * order counter (taken by the batch's last statement) until the worker, having given up on
 * the batch's round trip, waits for its outcome; Postgres then commits the batch. The waits
 * fall in two statements, each inside its own bound. Each wait ends on what Postgres shows,
 * not on a time, but the first (well inside its bounds).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { holdLock as hold, waitingOn } from '../helpers/locks';
import {
  buyerEmail,
  createShippingRate,
  orderBody,
  ordersOf,
  postOrder,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/**
 * How long the customer row keeps the batch waiting once it waits: more than the margin the
 * batch's statement bound leaves for the answer's way back, and well under that bound, so its
 * last statement outlasts the request (the test's timers may run late, never early).
 */
const CUSTOMER_HOLD_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an order committed after the request stopped waiting', () => {
  let shop: TestShop;
  let product: TestProduct;
  let order: () => ReturnType<typeof postOrder>;
  const email = buyerEmail();

  beforeAll(async () => {
    shop = await createTestShop();
    product = await createProduct(shop, { priceMinor: 1500, stock: 10 });
    const rate = await createShippingRate(shop, { priceMinor: 100 });
    order = () =>
      postOrder(
        shop,
        orderBody([{ productId: product.id, quantity: 1 }], { shippingId: rate.id, email }),
      );
    // The shop's order counter row and the buyer's customer row exist once it has an order.
    expect((await order()).status).toBe(200);
  });

  it('is answered as created, with the number it has', async () => {
    const releaseCustomer = await hold(
      sql`select 1 from customers where shop_id = ${shop.id} and email = ${email} for update`,
    );
    const settled = { done: false };
    const answer = order().finally(() => {
      settled.done = true;
    });
    // The batch waits on the customer; then on the order counter, until the worker has given
    // up on it and asks whether it committed (the check waits on the batch's advisory lock).
    await waitingOn('transactionid', 'insert into customers');
    await sleep(CUSTOMER_HOLD_MS);
    const releaseCounter = await hold(
      sql`select 1 from order_counters where shop_id = ${shop.id} for update`,
    );
    await releaseCustomer();
    // (Without that check the answer, a 503, comes first: then the assertions below say so.)
    await waitingOn('advisory', 'pg_advisory_xact_lock_shared', settled);
    await releaseCounter();
    const res = await answer;

    const orders = await ordersOf(shop);
    expect(orders).toHaveLength(2);
    expect(res.status).toBe(200);
    const late = orders.find((o) => o.id === res.body.data._id);
    expect(late?.orderNumber).toBe(res.body.data.orderNumber);
    // Its confirmation waits in the outbox for the cron.
    const emails = await testDb()
      .select({ status: s.emailOutbox.status })
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.shopId, shop.id));
    expect(emails.filter((e) => e.status === 'pending').length).toBeGreaterThan(0);
  });
});

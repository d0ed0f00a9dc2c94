import { createHmac } from 'node:crypto';
import pg from 'pg';
import type { Call } from './client';
import type { JourneyOptions } from './journey';

/**
 * The payment webhook, as the provider calls it: the shop is connected to the payment
 * stand-in (in this throw-away database, as the merchant's back office would), an order
 * opens a checkout, the stand-in pays it, and its event is delivered signed.
 */
export async function webhook(
  options: JourneyOptions,
  call: Call,
  order: { cart: unknown[]; shippingId: string | undefined },
) {
  const secretKey = 'sk_test_docsexamples0000000000';
  const webhookSecret = 'whsec_docsexamples000000000000';
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into payment_providers (shop_id, provider, secret_key, webhook_secret, active)
       values ($1, 'stripe', $2, $3, true)`,
      [options.shopId, secretKey, webhookSecret],
    );
  } finally {
    await db.end();
  }
  const placed = await call(null, {
    method: 'post',
    path: '/orders',
    body: {
      ...order,
      name: 'Alan Turing',
      email: 'alan.turing@example.com',
      phone: '+44 161 496 0000',
      town: 'Manchester',
    },
  });
  const sessionId = new URL(placed.body.data.link).pathname.split('/').pop() ?? '';
  const sessions = (await (
    await fetch(`${options.paymentsApi}/__test/sessions?order_id=${placed.body.data.orderId ?? ''}`)
  ).json()) as Array<{ session: { id: string; url: string } }>;
  const session =
    sessions.find((s) => s.session.url === placed.body.data.link) ??
    sessions.find((s) => s.session.id === sessionId);
  if (!session) throw new Error('the payment stand-in opened no session for the order');
  const event = await (
    await fetch(`${options.paymentsApi}/__test/sessions/${session.session.id}/complete`, {
      method: 'POST',
    })
  ).text();
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', webhookSecret)
    .update(`${timestamp}.${event}`)
    .digest('hex');
  const res = await fetch(`${options.api}/payments/webhook/${options.shopId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': `t=${timestamp},v1=${signature}`,
    },
    body: event,
  });
  if (res.status !== 200) throw new Error(`paymentWebhook: ${res.status} ${await res.text()}`);
  options.record('paymentWebhook', {
    request: {
      method: 'post',
      path: `/payments/webhook/${options.shopId}`,
      params: { shopId: options.shopId },
      headers: { 'Stripe-Signature': `t=${timestamp},v1=${signature}` },
      body: JSON.parse(event),
      keyless: true,
    },
    status: 200,
    response: await res.json(),
  });
}

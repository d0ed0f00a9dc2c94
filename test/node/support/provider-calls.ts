import { createResendMailer } from '../../../src/adapters/mail';
import { createStripePayments } from '../../../src/adapters/payments-stripe';

/**
 * One call to each outside provider (the mail provider, the payment provider), made against
 * `base`: the dependency timeout test and bench:timeouts point them at a server that never
 * answers.
 */
export const providerCalls = (base: string) => ({
  sendMail: () =>
    createResendMailer('re_test', base).send({
      from: 'shop@example.test',
      to: 'ada@example.test',
      subject: 's',
      html: '<p>h</p>',
      text: 't',
      idempotencyKey: 'k',
    }),
  openCheckout: () =>
    createStripePayments({ apiBase: base }).createCheckoutSession({
      secretKey: 'sk_test_x',
      currency: 'eur',
      lines: [{ name: 'Mug', unitAmountMinor: 1200, quantity: 1 }],
      successUrl: 'https://shop.example.test/ok',
      cancelUrl: 'https://shop.example.test/cancel',
      customerEmail: 'ada@example.test',
      orderId: 'order',
      shopId: 'shop',
      idempotencyKey: 'checkout-order',
    }),
});

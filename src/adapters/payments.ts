import { timingSafeEqual } from '../lib/crypto';

/** One line the customer is asked to pay for on the provider's checkout page. */
export type CheckoutLine = { name: string; unitAmountMinor: number; quantity: number };

/** What the provider needs to open a hosted checkout page for one order. */
export type CheckoutRequest = {
  /** The shop's own provider key (each shop is paid into its own account). */
  secretKey: string;
  /** ISO 4217 code, lower case. */
  currency: string;
  lines: CheckoutLine[];
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
  orderId: string;
  shopId: string;
  /** Makes a retried creation return the same session instead of opening a second one. */
  idempotencyKey: string;
};

export type CheckoutSession = { id: string; url: string };

/** Gives back part or all of what one checkout session collected. */
export type RefundRequest = {
  secretKey: string;
  /** The checkout session the order was paid through. */
  sessionId: string;
  amountMinor: number;
  orderId: string;
  shopId: string;
  /** Makes a retried refund return the same refund instead of giving the money back twice. */
  idempotencyKey: string;
};

/** A refund as the provider recorded it. */
export type ProviderRefund = { id: string; status: string };

/** A checkout session and the order and shop it was opened for, as the provider reports them. */
export type CheckoutRef = { sessionId: string; orderId: string | null; shopId: string | null };

/** A completed checkout whose money has arrived. */
export type PaidCheckout = CheckoutRef & { amountMinor: number; currency: string };

/**
 * A provider notification reduced to what the shop acts on: a paid checkout, or a
 * checkout that expired unpaid (its order is released), or neither.
 */
export type PaymentEvent = {
  id: string;
  type: string;
  paidCheckout: PaidCheckout | null;
  expiredCheckout: CheckoutRef | null;
};

/** The provider refused or could not be reached; the order stays and may be retried. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }

  /** The provider answered and said no (a 4xx): retrying the same request will not help. */
  get refused(): boolean {
    return this.status !== undefined && this.status >= 400 && this.status < 500;
  }
}

/** The providers a shop can be paid through (the schema's `payment_provider_kind`). */
export type ProviderKind = 'stripe';

/** Port: the adapter of each provider a shop can use. */
export type PaymentGateways = (provider: ProviderKind) => Payments;

/** Port: a hosted-checkout payment provider and its signed webhooks. */
export interface Payments {
  readonly provider: string;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Refunds money a checkout session collected (PaymentProviderError when it cannot). */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Verifies the delivery's signature and reads the event; null when the signature is not valid. */
  readWebhook(
    rawBody: string,
    headers: Headers,
    webhookSecret: string,
  ): Promise<PaymentEvent | null>;
}

/**
 * Keeps checkout sessions in memory; for unit tests of code that takes payments.
 * Webhooks carry a `PaymentEvent` as JSON and the webhook secret in `x-memory-signature`.
 */
export function createMemoryPayments(): Payments & {
  sessions: CheckoutRequest[];
  refunds: RefundRequest[];
} {
  const sessions: CheckoutRequest[] = [];
  const refunds: RefundRequest[] = [];
  const byKey = new Map<string, CheckoutSession>();
  const refundByKey = new Map<string, ProviderRefund>();
  return {
    provider: 'memory',
    sessions,
    refunds,
    async refund(request) {
      const known = refundByKey.get(request.idempotencyKey);
      if (known) return known;
      refunds.push(request);
      const refund = { id: `mem_re_${refunds.length}`, status: 'succeeded' };
      refundByKey.set(request.idempotencyKey, refund);
      return refund;
    },
    async createCheckoutSession(request) {
      const known = byKey.get(request.idempotencyKey);
      if (known) return known;
      sessions.push(request);
      const id = `mem_cs_${sessions.length}`;
      const session = { id, url: `https://checkout.memory.test/pay/${id}` };
      byKey.set(request.idempotencyKey, session);
      return session;
    },
    async readWebhook(rawBody, headers, webhookSecret) {
      if (!timingSafeEqual(headers.get('x-memory-signature') ?? '', webhookSecret)) return null;
      try {
        return JSON.parse(rawBody) as PaymentEvent;
      } catch {
        return null;
      }
    },
  };
}

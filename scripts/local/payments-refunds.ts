import { id, obj, type Params, type Reply, str, stripeError } from './payments-protocol';
import type { StoredSession } from './payments-provider';

type StoredRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
};

const REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

/**
 * Stripe's Refunds for the stand-in: a refund of a paid Checkout Session's payment intent,
 * by the key that opened it, never more in total than the session collected (Stripe's
 * `amount_too_large`, and `charge_already_refunded` once all of it is back).
 */
export function createRefunds(sessions: StoredSession[]) {
  const refunds: Array<StoredRefund & { apiKey: string }> = [];
  const refundedOf = (intent: string) =>
    refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
  const publicOf = ({ apiKey: _key, ...refund }: StoredRefund & { apiKey: string }) => refund;

  return {
    create(params: Params, apiKey: string): Reply {
      const intent = str(params.payment_intent) ?? str(params.charge);
      if (!intent) {
        return stripeError(
          400,
          'One of the following params should be provided: charge, payment_intent.',
          {
            code: 'parameter_missing',
            param: 'payment_intent',
          },
        );
      }
      const paid = sessions.find((s) => s.session.payment_intent === intent && s.apiKey === apiKey);
      if (!paid) {
        return stripeError(404, `No such payment_intent: '${intent}'`, {
          code: 'resource_missing',
          param: 'payment_intent',
        });
      }
      const collected = paid.session.amount_total;
      const left = collected - refundedOf(intent);
      if (left <= 0) {
        return stripeError(400, `Charge for ${intent} has already been refunded.`, {
          code: 'charge_already_refunded',
        });
      }
      const rawAmount = str(params.amount);
      const amount = rawAmount === undefined ? left : Number(rawAmount);
      if (!Number.isInteger(amount) || amount <= 0) {
        return stripeError(400, 'Invalid positive integer', {
          code: 'parameter_invalid_integer',
          param: 'amount',
        });
      }
      if (amount > left) {
        return stripeError(
          400,
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          { code: 'amount_too_large', param: 'amount' },
        );
      }
      const reason = str(params.reason) ?? null;
      if (reason !== null && !REASONS.has(reason)) {
        return stripeError(400, `Invalid reason: must be one of ${[...REASONS].join(', ')}`, {
          code: 'parameter_invalid',
          param: 'reason',
        });
      }
      const refund = {
        id: id('re'),
        object: 'refund' as const,
        amount,
        currency: String(paid.session.currency ?? 'usd'),
        payment_intent: intent,
        status: 'succeeded' as const,
        reason,
        metadata: Object.fromEntries(
          Object.entries(obj(params.metadata) ?? {}).map(([k, v]) => [k, String(v)]),
        ),
        created: Math.floor(Date.now() / 1000),
        apiKey,
      };
      refunds.push(refund);
      return [200, publicOf(refund)];
    },

    retrieve(refundId: string, apiKey: string): Reply {
      const found = refunds.find((r) => r.id === refundId && r.apiKey === apiKey);
      if (!found)
        return stripeError(404, `No such refund: '${refundId}'`, { code: 'resource_missing' });
      return [200, publicOf(found)];
    },

    /** Test route: the refunds made for one order (by the metadata the worker sends). */
    list(orderId: string | null): StoredRefund[] {
      return refunds.filter((r) => !orderId || r.metadata.order_id === orderId).map(publicOf);
    },
  };
}

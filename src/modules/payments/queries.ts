import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { paymentProviderKind } from '../../db/schema';

/** A shop's payment provider and its credentials. */
export type ProviderRow = {
  id: string;
  provider: (typeof paymentProviderKind.enumValues)[number];
  secretKey: string;
  webhookSecret: string;
};

/**
 * SQL: the shop's payment provider as a JSON `ProviderRow`, or null. The one rule choosing
 * it, used by checkout and by the webhook: the active row (a shop has at most one), the
 * newest first should there ever be more. `activeOnly: false` (the webhook) falls back to
 * the newest inactive row, so a session opened before the merchant switched payments off
 * still reports its payment.
 */
export const shopPaymentProviderSql = (
  shopId: string | SQL,
  options: { activeOnly: boolean },
): SQL => sql`(
  select json_build_object('id', pp.id, 'provider', pp.provider, 'secretKey', pp.secret_key,
      'webhookSecret', pp.webhook_secret)
  from payment_providers pp
  where pp.shop_id = ${shopId}${options.activeOnly ? sql` and pp.active` : sql``}
  order by pp.active desc, pp.created_at desc, pp.id desc
  limit 1)`;

/** The provider whose secret signs the shop's webhooks (see shopPaymentProviderSql). */
export async function selectWebhookProvider(db: Db, shopId: string): Promise<ProviderRow | null> {
  const result = await db.execute<{ provider: ProviderRow | null }>(
    sql`select ${shopPaymentProviderSql(shopId, { activeOnly: false })} as provider`,
  );
  return result.rows[0]?.provider ?? null;
}

/** SQL: whether the shop has an active payment provider (GET /settings), a boolean subquery. */
export const hasActiveProviderSql = (shopId: string): SQL =>
  sql`exists (select 1 from payment_providers pp where pp.shop_id = ${shopId}::uuid and pp.active)`;

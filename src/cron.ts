import { purgeExpiredIdempotencyKeys } from './admin-kit/idempotency';
import type { Bindings } from './env';
import { buildServices } from './http/services';
import { rollSalesWindows } from './modules/analytics/sales-windows';
import { deliverDueEmails } from './modules/mail/outbox';
import { outboxDeps } from './modules/mail/send';
import { deliverDueWebhooks, deliveryDeps } from './modules/webhooks/delivery';

/**
 * The cron (wrangler.toml `[triggers]`): retries email and webhook deliveries that did not go
 * out right after their response, deletes merchant Idempotency-Keys past their 24 hours, and
 * rolls the shops' 30-day sales windows to today (UTC) once the day has turned.
 */
export async function runCron(env: Bindings, ctx: ExecutionContext) {
  const services = buildServices(env, ctx);
  await deliverDueEmails(outboxDeps(services));
  await deliverDueWebhooks(deliveryDeps(services), { batchSize: 100 });
  await purgeExpiredIdempotencyKeys(services.database.db);
  await rollSalesWindows(services.database.db, Date.now());
}

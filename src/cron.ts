import { purgeExpiredIdempotencyKeys } from './admin-kit/idempotency';
import type { Bindings } from './env';
import { buildServices } from './http/services';
import { deliverDueEmails } from './modules/mail/outbox';
import { outboxDeps } from './modules/mail/send';
import { deliverDueWebhooks, deliveryDeps } from './modules/webhooks/delivery';

/**
 * The cron (wrangler.toml `[triggers]`): retries email and webhook deliveries that did not go
 * out right after their response, then deletes merchant Idempotency-Keys past their 24 hours.
 */
export async function runCron(env: Bindings, ctx: ExecutionContext) {
  const services = buildServices(env, ctx);
  await deliverDueEmails(outboxDeps(services));
  await deliverDueWebhooks(deliveryDeps(services), { batchSize: 100 });
  await purgeExpiredIdempotencyKeys(services.database.db);
}

import { purgeExpiredIdempotencyKeys } from './admin-kit/idempotency';
import { createApp } from './app';
import type { Bindings } from './env';
import { buildServices } from './http/services';
import { deliverDueEmails } from './modules/mail/outbox';
import { outboxDeps } from './modules/mail/send';

const app = createApp();

export default {
  fetch: app.fetch,
  /**
   * Cron: retries email deliveries that did not go out right after their response, then
   * deletes merchant Idempotency-Keys past their 24 hours.
   */
  async scheduled(_controller, env, ctx) {
    const services = buildServices(env, ctx);
    await deliverDueEmails(outboxDeps(services));
    await purgeExpiredIdempotencyKeys(services.database.db);
  },
} satisfies ExportedHandler<Bindings>;

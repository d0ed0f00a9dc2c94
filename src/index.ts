import { createApp } from './app';
import type { Bindings } from './env';
import { buildServices } from './http/services';
import { deliverDueEmails } from './modules/mail/outbox';

const app = createApp();

export default {
  fetch: app.fetch,
  /** Cron: retries email deliveries that did not go out right after their response. */
  async scheduled(_controller, env, ctx) {
    const services = buildServices(env, ctx);
    await deliverDueEmails(services.database.db, services.mailer, services.config.MAIL_FROM);
  },
} satisfies ExportedHandler<Bindings>;

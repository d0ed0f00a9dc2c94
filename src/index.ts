import { createApp } from './app';
import type { Bindings } from './env';
import { buildServices } from './http/services';
import { deliverDueEmails } from './modules/mail/outbox';
import { outboxDeps } from './modules/mail/send';

const app = createApp();

export default {
  fetch: app.fetch,
  /** Cron: retries email deliveries that did not go out right after their response. */
  async scheduled(_controller, env, ctx) {
    const services = buildServices(env, ctx);
    await deliverDueEmails(outboxDeps(services));
  },
} satisfies ExportedHandler<Bindings>;

import { purgeExpiredIdempotencyKeys } from './admin-kit/idempotency';
import { createApp } from './app';
import type { Bindings } from './env';
import { buildServices } from './http/services';
import { ANALYTICS_QUEUE, consumeAnalytics } from './modules/analytics/consumer';
import type { QueuedEvent } from './modules/analytics/service';
import { IMPORT_QUEUE_BINDING } from './modules/imports/admin-routes';
import { handleImportBatch, type ImportQueue } from './modules/imports/jobs';
import { deliverDueEmails } from './modules/mail/outbox';
import { outboxDeps } from './modules/mail/send';
import { deliverDueWebhooks, deliveryDeps } from './modules/webhooks/service';

// Built on the first request: a cron or queue event never builds the HTTP application.
let app: ReturnType<typeof createApp> | undefined;

type QueueHandler = (
  batch: MessageBatch<never>,
  env: Bindings,
  ctx: ExecutionContext,
) => Promise<void>;

/** Each queue's consumer, by queue name (wrangler.toml `[[queues.consumers]]`; add a queue here). */
const QUEUES: Record<string, QueueHandler> = {
  [ANALYTICS_QUEUE]: (batch, env, ctx) =>
    consumeAnalytics(batch as MessageBatch<QueuedEvent>, buildServices(env, ctx)),
  'product-imports': (batch, env, ctx) =>
    handleImportBatch(batch, buildServices(env, ctx), env[IMPORT_QUEUE_BINDING] as ImportQueue),
};

/** The worker's handlers; `./index` loads this module on an isolate's first event. */
export const handlers = {
  fetch: (request, env, ctx) => {
    app ??= createApp();
    return app.fetch(request, env, ctx);
  },
  /**
   * Cron: retries email and webhook deliveries that did not go out right after their
   * response, then deletes merchant Idempotency-Keys past their 24 hours.
   */
  async scheduled(_controller, env, ctx) {
    const services = buildServices(env, ctx);
    await deliverDueEmails(outboxDeps(services));
    await deliverDueWebhooks(deliveryDeps(services), { batchSize: 100 });
    await purgeExpiredIdempotencyKeys(services.database.db);
  },
  /** Queue consumers: dispatched on the queue's name. */
  async queue(batch, env, ctx) {
    const handler = QUEUES[batch.queue];
    if (!handler) throw new Error(`no consumer for queue ${batch.queue}`);
    await handler(batch as MessageBatch<never>, env, ctx);
  },
} satisfies ExportedHandler<Bindings>;

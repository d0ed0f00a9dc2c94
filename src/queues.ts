import type { Bindings } from './env';
import { buildServices } from './http/services';
import { ANALYTICS_QUEUE, consumeAnalytics } from './modules/analytics/consumer';
import type { QueuedEvent } from './modules/analytics/service';
import { handleImportBatch } from './modules/imports/jobs';

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
    handleImportBatch(batch, buildServices(env, ctx), env.PRODUCT_IMPORTS),
};

/** Queue consumers: dispatched on the queue's name. */
export async function consumeQueue(batch: MessageBatch, env: Bindings, ctx: ExecutionContext) {
  const handler = QUEUES[batch.queue];
  if (!handler) throw new Error(`no consumer for queue ${batch.queue}`);
  await handler(batch as MessageBatch<never>, env, ctx);
}

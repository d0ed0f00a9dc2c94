import type { Services } from '../../app-env';
import { insertEvents, type QueuedEvent } from './service';

/** The analytics queue's name (wrangler.toml `[[queues.consumers]]`). */
export const ANALYTICS_QUEUE = 'storefront-analytics';

/**
 * Stores one batch of accepted events in one statement. A failure throws, and the Queue
 * delivers the whole batch again (the insert is all or nothing, so nothing is doubled).
 * Events were de-duplicated when they were accepted (recordEvent).
 */
export async function consumeAnalytics(
  batch: MessageBatch<QueuedEvent>,
  services: Pick<Services, 'database'>,
): Promise<void> {
  await insertEvents(
    services.database.db,
    batch.messages.map((m) => m.body),
  );
  batch.ackAll();
}

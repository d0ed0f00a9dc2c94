import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryDedup } from '../../src/adapters/kv-memory';
import * as s from '../../src/db/schema';
import { createLogger } from '../../src/lib/log';
import { consumeAnalytics } from '../../src/modules/analytics/consumer';
import type { AnalyticsEvent } from '../../src/modules/analytics/schemas';
import { type QueuedEvent, recordEvent } from '../../src/modules/analytics/service';
import { testDatabase, testDb } from '../helpers/db';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const view = (sessionId: string, url: string) =>
  ({
    userId: 'visitor',
    sessionId,
    sessionStartPage: '/',
    event: 'page_view',
    metadata: { url },
  }) as AnalyticsEvent;

/** A queue batch as the runtime hands it to the consumer. */
function batchOf(messages: QueuedEvent[]) {
  let acked = false;
  const batch = {
    queue: 'storefront-analytics',
    messages: messages.map((body, i) => ({
      id: String(i),
      timestamp: new Date(),
      attempts: 1,
      body,
      ack() {},
      retry() {},
    })),
    ackAll() {
      acked = true;
    },
    retryAll() {},
  } as unknown as MessageBatch<QueuedEvent>;
  return { batch, acked: () => acked };
}

const rowsOfSession = (sessionId: string) =>
  testDb().select().from(s.analyticsEvents).where(eq(s.analyticsEvents.sessionId, sessionId));

describe('analytics through the queue', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it('is bound to a Cloudflare Queue in the worker', () => {
    expect((env as unknown as Record<string, unknown>).ANALYTICS_QUEUE).toBeDefined();
  });

  it('inserts a batch of 100 events in one statement, then acknowledges it', async () => {
    const sessionId = `q-${crypto.randomUUID()}`;
    const database = testDatabase();
    const events = Array.from({ length: 100 }, (_, i) => ({
      shopId: shop.id,
      event: view(sessionId, `/page/${i}`),
    }));
    const { batch, acked } = batchOf(events);
    const before = database.roundTrips.count;
    await consumeAnalytics(batch, { database });
    expect(database.roundTrips.count - before).toBe(1);
    expect(acked()).toBe(true);
    expect(await rowsOfSession(sessionId)).toHaveLength(100);
  });

  it('inserts the event directly when the queue refuses it, keeping the dedup rules', async () => {
    const sessionId = `q-${crypto.randomUUID()}`;
    const refusing = { send: () => Promise.reject(new Error('queue unavailable')) };
    const deps = { db: testDb(), dedup: createMemoryDedup(), log: createLogger(), queue: refusing };
    expect(await recordEvent(deps, shop.id, view(sessionId, '/a'))).toBe(true);
    expect(await recordEvent(deps, shop.id, view(sessionId, '/a'))).toBe(false);
    expect(await rowsOfSession(sessionId)).toHaveLength(1);
  });

  it('hands accepted events to the queue, not to Postgres', async () => {
    const sessionId = `q-${crypto.randomUUID()}`;
    const sent: QueuedEvent[] = [];
    const queue = { send: async (m: QueuedEvent) => void sent.push(m) };
    const deps = { db: testDb(), dedup: createMemoryDedup(), log: createLogger(), queue };
    for (const url of ['/a', '/a', '/b']) await recordEvent(deps, shop.id, view(sessionId, url));
    expect(sent.map((m) => m.event.metadata)).toEqual([{ url: '/a' }, { url: '/b' }]);
    expect(await rowsOfSession(sessionId)).toHaveLength(0);
  });
});

import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';

/**
 * Reports how many statements the endpoint sent to Postgres (shop resolution left out)
 * and whether the shop came from the isolate cache, as `Server-Timing` metrics.
 */
export const serverTiming = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  const services = c.get('services');
  if (!services) return;
  const total = services.database.roundTrips.count;
  const forShop = c.get('shopRoundTrips') ?? 0;
  c.header(
    'Server-Timing',
    `db;desc="${total - forShop}", shop;desc="${forShop}", app;dur=${Date.now() - started}`,
    { append: true },
  );
});

import type { Bindings } from './env';
import { hotTier } from './http/edge-hot';
import { staticFile } from './http/static-files';
import type { PlatformApp } from './platform';

/**
 * The worker's entry. An isolate's start-up evaluates only this module: each handler loads
 * what it runs on its first event, the application (its modules, their schemas and routes,
 * the OpenAPI registries) for a request, the jobs for the cron and the queues. The bundle is
 * one script either way; the imports below only defer evaluating its parts. A cacheable read
 * this isolate answered lately is answered again by the edge cache's hot tier before the
 * application runs (src/http/edge-hot.ts); a built file goes to the assets Worker as it came
 * (src/http/static-files.ts).
 */
let app: Promise<PlatformApp> | undefined;
const application = () => {
  app ??= import('./app').then(({ createApp }) => createApp());
  return app;
};

export default {
  fetch: (request, env, ctx) =>
    staticFile(request, env) ??
    hotTier.serve(request, async () => (await application()).fetch(request, env, ctx)),
  scheduled: async (_controller, env, ctx) => (await import('./cron')).runCron(env, ctx),
  queue: async (batch, env, ctx) => (await import('./queues')).consumeQueue(batch, env, ctx),
} satisfies ExportedHandler<Bindings>;

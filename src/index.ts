import type { Bindings } from './env';

/**
 * The worker's entry. An isolate's start-up evaluates only this module: the application (its
 * modules, their schemas and routes, both OpenAPI registries) is loaded and built on the first
 * event the isolate receives, in `./worker`. The bundle is one script either way; the import
 * below only defers evaluating it.
 */
let loaded: Promise<typeof import('./worker')> | undefined;
const worker = async () => {
  loaded ??= import('./worker');
  return (await loaded).handlers;
};

export default {
  fetch: async (request, env, ctx) => (await worker()).fetch(request, env, ctx),
  scheduled: async (controller, env, ctx) => (await worker()).scheduled(controller, env, ctx),
  queue: async (batch, env, ctx) => (await worker()).queue(batch, env, ctx),
} satisfies ExportedHandler<Bindings>;

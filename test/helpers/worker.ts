import { createExecutionContext, env } from 'cloudflare:test';
import type { Bindings } from '../../src/env';
import worker from '../../src/index';

/**
 * Sends a request to the worker's fetch handler as the runtime does: the request, the worker's
 * bindings and an execution context of its own.
 *
 * The handler is called directly rather than through the pool's `exports.default` binding,
 * whose every call re-imports the main module over the test runner's RPC at a cost that grows
 * with each call made before it in the same file.
 */
export function dispatch(request: Request): Promise<Response> {
  // An incoming request's `cf` is the runtime's; a test's request has none.
  const incoming = request as Parameters<typeof worker.fetch>[0];
  return worker.fetch(incoming, env as unknown as Bindings, createExecutionContext());
}

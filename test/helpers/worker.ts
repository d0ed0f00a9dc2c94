import { exports } from 'cloudflare:workers';

/** The worker under test, through its loopback binding (`exports.default`). */
const worker = (exports as unknown as { default: Fetcher }).default;

/**
 * Sends a request to the worker as the runtime would deliver it: through its own binding, so
 * each request runs in an I/O context of its own, as in production (simultaneous requests do
 * not share one context's connections).
 *
 * Each call through the binding costs a little more than the one before it in the same test
 * file (the pool re-imports the main module over its RPC per call), so a file should not send
 * thousands of requests: the merchant API's route security checks are spread over three files
 * (test/helpers/route-table.ts).
 */
export function dispatch(request: Request): Promise<Response> {
  return worker.fetch(request);
}

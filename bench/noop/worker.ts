/**
 * The runtime's own no-op: a worker that answers every request with a constant body and does
 * nothing else. bench/edge.ts runs it under the same `wrangler dev` as the storefront worker,
 * so a cache hit's throughput is read as a share of what the runtime itself can serve.
 */
export default {
  fetch: () =>
    new Response('{"status":"success"}', { headers: { 'content-type': 'application/json' } }),
};

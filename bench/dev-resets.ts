/**
 * Connection resets under a keep-alive load against a running `npm run dev`:
 *   PORT=8787 npx tsx bench/dev-resets.ts [requests=5000] [in-flight=40]
 * See bench/DEV-STACK.md.
 */
import { failuresOf, keepAliveLoad } from './lib/keep-alive-load';

const origin = `http://127.0.0.1:${process.env.PORT ?? 8787}`;
const total = Number(process.argv[2] ?? 5_000);
const inFlight = Number(process.argv[3] ?? 40);
const result = await keepAliveLoad(origin, total, inFlight);
console.log(JSON.stringify(result, null, 2));
console.log(
  `${failuresOf(result)} of ${result.requests} requests failed at the socket (${inFlight} in flight, ${(result.ms / 1000).toFixed(1)} s)`,
);

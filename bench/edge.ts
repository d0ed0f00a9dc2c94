/**
 * Edge cache benchmark: the local stack with the demo shop and the worker under `wrangler dev`
 * (whose Cache API is Miniflare's), each endpoint driven with autocannon over loopback in three
 * states, all in one run so their ratios compare on a shared, noisy machine:
 *   cold   every request a new cache key (a throwaway query parameter): all misses;
 *   warm   the same request again and again: hits;
 *   writes the same warm request while a merchant writes (a shipping rate PATCH) in a loop,
 *          each write moving the shop to a new generation.
 * Writes bench/EDGE.md. Stops everything it started.
 *
 *   npx tsx bench/edge.ts        (EDGE_DURATION=5 EDGE_CONNECTIONS=10; REDIS_URL to use Redis)
 */
import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startLocalStack } from '../scripts/local/stack';
import { seedDemo } from '../scripts/seed';
import { ALL_SCOPES } from '../src/identity/merchant-scopes';
import { probe } from './lib/load';
import { describeMachine, envInt, loadAverage } from './lib/machine';
import { withCleanup } from './lib/session';
import { REPO_ROOT, startWorker } from './lib/worker';

const settings = {
  durationSeconds: envInt('EDGE_DURATION', 5, 60),
  connections: envInt('EDGE_CONNECTIONS', 10, 100),
};

type Row = { rps: number; p50: number; p99: number; requests: number; failures: number };

async function drive(url: string, headers: Record<string, string>, unique: boolean): Promise<Row> {
  let n = 0;
  const result = await autocannon({
    url,
    headers,
    connections: settings.connections,
    duration: settings.durationSeconds,
    timeout: 10,
    ...(unique
      ? {
          requests: [
            {
              setupRequest: (req: { path: string }) => {
                n += 1;
                const sep = req.path.includes('?') ? '&' : '?';
                return { ...req, path: `${req.path}${sep}_cold=${n}-${randomUUID()}` };
              },
            },
          ],
        }
      : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total ?? 0,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function targets(databaseUrl: string, shopId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string; title: string }>(
      `select slug, title from products where shop_id = $1 and status = 'published'
       order by created_at, slug limit 1`,
      [shopId],
    );
    const product = rows[0];
    const word = product?.title.split(/\s+/).find((w) => /^\p{L}{3,}$/u.test(w)) ?? 'shirt';
    const secret = `sk_test_${randomUUID().replaceAll('-', '')}`;
    await client.query(
      `insert into merchant_keys (shop_id, name, prefix, key_hash, scopes)
       values ($1, 'edge bench', $2, $3, $4)`,
      [shopId, secret.slice(0, 12), createHash('sha256').update(secret).digest('hex'), ALL_SCOPES],
    );
    return { slug: product?.slug ?? 'none', term: word.toLowerCase(), secret };
  } finally {
    await client.end();
  }
}

/** Merchant writes in a loop until stopped: each one bumps the shop's generation. */
function writeLoop(origin: string, secret: string) {
  let running = true;
  let writes = 0;
  const auth = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const done = (async () => {
    const created = await fetch(`${origin}/admin/api/v1/shipping-rates`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Bench rate', amount: 100 }),
    });
    const { id } = (await created.json()) as { id: string };
    while (running) {
      await fetch(`${origin}/admin/api/v1/shipping-rates/${id}`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ amount: 100 + (writes % 50) }),
      });
      writes += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return writes;
    },
  };
}

const fmt = (r: Row) => `${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.failures}`;

async function main() {
  const machine = describeMachine();
  const lines: string[] = [];
  await withCleanup(async (register) => {
    const stack = await startLocalStack({ mode: 'test', redisUrl: process.env.REDIS_URL });
    register({ name: 'local stack', stop: stack.stop });
    const { demo } = await seedDemo(stack.databaseUrl);
    const worker = await startWorker(stack.bindings);
    register({ name: 'worker', stop: worker.stop });
    const { slug, term, secret } = await targets(stack.databaseUrl, demo.id);
    const endpoints = [
      ['GET /products', '/products'],
      ['GET /products/:slug', `/products/${encodeURIComponent(slug)}`],
      ['GET /search', `/search?term=${encodeURIComponent(term)}`],
      ['GET /settings', '/settings'],
    ] as const;
    const headers = { 'x-api-key': demo.apiKey };
    lines.push(
      '| endpoint | state | req/s | p50 ms | p99 ms | requests | failures | statements (probe) |',
      '|---|---|---|---|---|---|---|---|',
    );
    const ratios: string[] = [];
    for (const [name, p] of endpoints) {
      const url = `${worker.origin}/access/api/v1${p}`;
      const first = await probe(url, headers);
      const cold = await drive(url, headers, true);
      const warm = await drive(url, headers, false);
      const hit = await probe(url, headers);
      const writes = writeLoop(worker.origin, secret);
      const during = await drive(url, headers, false);
      const written = await writes.stop();
      lines.push(
        `| ${name} | cold (miss) | ${fmt(cold)} | ${first.statements} |`,
        `| ${name} | warm (hit) | ${fmt(warm)} | ${hit.statements} |`,
        `| ${name} | warm + ${written} writes | ${fmt(during)} | |`,
      );
      ratios.push(`| ${name} | ${(warm.rps / Math.max(cold.rps, 1)).toFixed(1)} |`);
      console.log(lines.slice(-3).join('\n'));
    }
    lines.push('', '| endpoint | hit / miss req/s |', '|---|---|', ...ratios);
  });
  const report = `# Edge cache benchmark

Command: \`npx tsx bench/edge.ts\` (EDGE_DURATION=${settings.durationSeconds} s per state,
EDGE_CONNECTIONS=${settings.connections}; KV: ${process.env.REDIS_URL ? 'Redis through the Upstash stand-in' : 'in-memory'}).
Worker under \`wrangler dev\` (Miniflare's Cache API), the demo shop, loopback only.

Machine: ${machine.cores} cores, ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node};
load average before ${machine.loadAverage}, after ${loadAverage()}. The machine is shared with
other work: compare the states of one run (the ratios), not absolute numbers across runs.

${lines.join('\n')}

Cold: each request carries a throwaway query parameter, so each is a new key (a miss: the
generation read, the handler's statement, the store). Warm: the same request (hits, zero
statements). Writes: the warm request while a merchant PATCHes a shipping rate every 100 ms;
every write moves the demo shop to a new generation, so the next read of each isolate misses.
`;
  await writeFile(path.join(REPO_ROOT, 'bench', 'EDGE.md'), report);
  console.log(report);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * Edge cache benchmark: the local stack with the demo shop and the worker under `wrangler dev`
 * (whose Cache API is Miniflare's), beside the runtime's no-op worker under the same
 * `wrangler dev`, each driven with autocannon over loopback, in rounds (each round: the no-op,
 * /livez, then every endpoint: a no-op sending its recorded hit, cold and warm), all in one
 * run so their ratios compare on a shared, noisy machine:
 *   cold   every request a new cache key (a throwaway query parameter): all misses;
 *   warm   the same request again and again: hits;
 *   writes the same warm request while a merchant writes (a shipping rate PATCH) in a loop,
 *          each write moving the shop to a new generation.
 * With EDGE_PEER_VENDURE (a Vendure shop API, bench/peers/vendure/), each round also drives
 * the peer's search-index listing, so the storefront's misses compare with it in the same run.
 * Writes bench/EDGE.md. Stops everything it started.
 *
 *   npx tsx bench/edge.ts   (EDGE_ROUNDS=3 EDGE_DURATION=5 EDGE_CONNECTIONS=10; REDIS_URL: Redis;
 *                            EDGE_PEER_VENDURE=http://127.0.0.1:3300/shop-api)
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startLocalStack } from '../scripts/local/stack';
import { seedDemo } from '../scripts/seed';
import { ALL_SCOPES } from '../src/identity/merchant-scopes';
import { median, probe } from './lib/load';
import { describeMachine, envInt, loadAverage } from './lib/machine';
import { withCleanup } from './lib/session';
import { REPO_ROOT, startWorker } from './lib/worker';

const settings = {
  durationSeconds: envInt('EDGE_DURATION', 5, 60),
  connections: envInt('EDGE_CONNECTIONS', 10, 100),
  rounds: envInt('EDGE_ROUNDS', 3, 20),
  vendure: process.env.EDGE_PEER_VENDURE ?? null,
};

/** The peer's fastest listing: Vendure's search index, one page of 18 products. */
const VENDURE_LISTING = JSON.stringify({
  query: `{ search(input: { groupByProduct: true, take: 18 }) { totalItems items { productId
    productName slug description priceWithTax { ... on PriceRange { min max } ... on SinglePrice
    { value } } productAsset { preview } } } }`,
});

/** The line of bench/EDGE.md after which a run keeps the file as it was. */
const HISTORY_MARKER = '<!-- history: kept by bench/edge.ts -->';

/** The runtime's own no-op, served by the same `wrangler dev` (bench/noop/). */
const NOOP_CONFIG = 'bench/noop/wrangler.toml';
/**
 * The same no-op behind a static-assets router (bench/noop/assets.toml): what the storefront
 * worker paid on every request while the built files were its own `[assets]`.
 */
const NOOP_ASSETS_CONFIG = 'bench/noop/assets.toml';
/** A no-op sending each endpoint's recorded hit (bench/noop/answer.toml). */
const NOOP_ANSWER_CONFIG = 'bench/noop/answer.toml';

/** Headers a recorded answer cannot carry as they came: the no-op's runtime sets its own. */
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding']);

/** The answer a warm request gets, as bench/noop/answer.ts sends it again. */
async function recordAnswer(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  return {
    status: res.status,
    headers: [...res.headers].filter(([name]) => !NOT_REPLAYED.has(name)),
    body: await res.text(),
  };
}

type Row = { rps: number; p50: number; p99: number; requests: number; failures: number };

async function drive(
  url: string,
  headers: Record<string, string>,
  unique: boolean,
  post?: string,
): Promise<Row> {
  let n = 0;
  const result = await autocannon({
    url,
    headers,
    ...(post ? { method: 'POST' as const, body: post } : {}),
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

/** The median of each figure over the rounds, failures summed. */
function medianRow(rows: Row[]): Row {
  const of = (pick: (r: Row) => number) => median(rows.map(pick));
  return {
    rps: of((r) => r.rps),
    p50: of((r) => r.p50),
    p99: of((r) => r.p99),
    requests: of((r) => r.requests),
    failures: rows.reduce((sum, r) => sum + r.failures, 0),
  };
}

const ratio = (a: number, b: number) => (a / Math.max(b, 1)).toFixed(2);

async function main() {
  const machine = describeMachine();
  const lines: string[] = [];
  const loads: string[] = [];
  await withCleanup(async (register) => {
    const stack = await startLocalStack({ mode: 'test', redisUrl: process.env.REDIS_URL });
    register({ name: 'local stack', stop: stack.stop });
    const { demo } = await seedDemo(stack.databaseUrl);
    const worker = await startWorker(stack.bindings);
    register({ name: 'worker', stop: worker.stop });
    const noop = await startWorker({}, { config: NOOP_CONFIG, readyPath: '/' });
    register({ name: 'no-op worker', stop: noop.stop });
    const routedNoop = await startWorker({}, { config: NOOP_ASSETS_CONFIG, readyPath: '/' });
    register({ name: 'no-op worker behind the assets routing', stop: routedNoop.stop });
    const { slug, term, secret } = await targets(stack.databaseUrl, demo.id);
    const endpoints = [
      ['GET /products', '/products'],
      ['GET /products/:slug', `/products/${encodeURIComponent(slug)}`],
      ['GET /search', `/search?term=${encodeURIComponent(term)}`],
      ['GET /settings', '/settings'],
    ] as const;
    const headers = { 'x-api-key': demo.apiKey };
    const url = (p: string) => `${worker.origin}/access/api/v1${p}`;
    const probes = new Map<string, { miss: number | null; hit: number | null }>();
    const recorded: Record<string, Awaited<ReturnType<typeof recordAnswer>>> = {};
    for (const [name, p] of endpoints) {
      const miss = await probe(url(p), headers);
      await probe(url(p), headers);
      probes.set(name, { miss: miss.statements, hit: (await probe(url(p), headers)).statements });
      recorded[p] = await recordAnswer(url(p), headers);
    }
    const answerNoop = await startWorker(
      { ANSWERS: JSON.stringify(recorded) },
      { config: NOOP_ANSWER_CONFIG, readyPath: endpoints[0][1] },
    );
    register({ name: 'no-op worker sending recorded answers', stop: answerNoop.stop });
    // Every state of every round, in the same order, so each round's ratios compare.
    const runs = new Map<string, Row[]>();
    const keep = (name: string, row: Row) => runs.set(name, [...(runs.get(name) ?? []), row]);
    const hitOverNoop = new Map<string, number[]>();
    const hitOverRouted = new Map<string, number[]>();
    const hitOverAnswer = new Map<string, number[]>();
    const missOverLivez = new Map<string, number[]>();
    const missOverPeer = new Map<string, number[]>();
    const push = (m: Map<string, number[]>, k: string, v: number) =>
      m.set(k, [...(m.get(k) ?? []), v]);
    for (let round = 1; round <= settings.rounds; round++) {
      const before = loadAverage();
      const noopRow = await drive(`${noop.origin}/`, {}, false);
      const routedRow = await drive(`${routedNoop.origin}/`, {}, false);
      const livez = await drive(url('/livez'), headers, false);
      keep('no-op', noopRow);
      keep('routed no-op', routedRow);
      keep('livez', livez);
      const peer = settings.vendure
        ? await drive(
            settings.vendure,
            { 'content-type': 'application/json' },
            false,
            VENDURE_LISTING,
          )
        : null;
      if (peer) keep('vendure', peer);
      for (const [name, p] of endpoints) {
        const same = await drive(`${answerNoop.origin}${p}`, {}, false);
        const cold = await drive(url(p), headers, true);
        const warm = await drive(url(p), headers, false);
        keep(`${name} same answer`, same);
        keep(`${name} cold`, cold);
        keep(`${name} warm`, warm);
        push(hitOverAnswer, name, warm.rps / Math.max(same.rps, 1));
        push(hitOverNoop, name, warm.rps / Math.max(noopRow.rps, 1));
        push(hitOverRouted, name, warm.rps / Math.max(routedRow.rps, 1));
        push(missOverLivez, name, cold.rps / Math.max(livez.rps, 1));
        if (peer) push(missOverPeer, name, cold.rps / Math.max(peer.rps, 1));
      }
      loads.push(`round ${round}: ${before} → ${loadAverage()}`);
      console.log(loads.at(-1));
    }
    const writeRows = new Map<string, { row: Row; writes: number }>();
    for (const [name, p] of endpoints) {
      const writes = writeLoop(worker.origin, secret);
      const row = await drive(url(p), headers, false);
      writeRows.set(name, { row, writes: await writes.stop() });
    }
    const med = (name: string) => medianRow(runs.get(name) ?? []);
    lines.push(
      '| endpoint | state | req/s | p50 ms | p99 ms | requests | failures | statements (probe) |',
      '|---|---|---|---|---|---|---|---|',
      `| runtime no-op | (no work) | ${fmt(med('no-op'))} | |`,
      `| runtime no-op behind a static-assets router | (no work) | ${fmt(med('routed no-op'))} | |`,
      `| GET /livez | (no statement) | ${fmt(med('livez'))} | 0 |`,
      ...(settings.vendure
        ? [
            `| Vendure 3.7 shop API, \`search(input: { groupByProduct: true, take: 18 })\` (peer) | its search index | ${fmt(med('vendure'))} | |`,
          ]
        : []),
    );
    for (const [name] of endpoints) {
      const written = writeRows.get(name);
      lines.push(
        `| ${name} | no-op sending its recorded hit | ${fmt(med(`${name} same answer`))} | |`,
        `| ${name} | cold (miss) | ${fmt(med(`${name} cold`))} | ${probes.get(name)?.miss} |`,
        `| ${name} | warm (hit) | ${fmt(med(`${name} warm`))} | ${probes.get(name)?.hit} |`,
        `| ${name} | warm + ${written?.writes} writes | ${written ? fmt(written.row) : ''} | |`,
      );
    }
    lines.push(
      '',
      '| endpoint | hit / no-op | hit / no-op behind a static-assets router | hit / no-op sending the same answer | miss / livez | hit / miss |',
      '|---|---|---|---|---|---|',
      ...endpoints.map(([name]) => {
        const hit = med(`${name} warm`).rps;
        const miss = med(`${name} cold`).rps;
        const of = (m: Map<string, number[]>) => median(m.get(name) ?? []).toFixed(2);
        return `| ${name} | ${of(hitOverNoop)} | ${of(hitOverRouted)} | ${of(hitOverAnswer)} | ${of(missOverLivez)} | ${ratio(hit, miss)} |`;
      }),
      '',
      `livez / no-op: ${ratio(med('livez').rps, med('no-op').rps)}.`,
      ...(settings.vendure
        ? [
            '',
            "| endpoint | miss / the peer's search-index listing |",
            '|---|---|',
            ...endpoints.map(
              ([name]) => `| ${name} | ${median(missOverPeer.get(name) ?? []).toFixed(2)} |`,
            ),
            '',
            `The peer: Vendure 3.7.3 (bench/peers/vendure/: its sample catalogue of 54 products, its
DefaultSearchPlugin, this machine's PostgreSQL), one Node process, driven with the same
connections and duration in each round; livez / the peer: ${ratio(med('livez').rps, med('vendure').rps)}.`,
          ]
        : []),
    );
  });
  const report = `# Edge cache benchmark

Command: \`npx tsx bench/edge.ts\` (EDGE_ROUNDS=${settings.rounds} rounds, EDGE_DURATION=${settings.durationSeconds} s
per state, EDGE_CONNECTIONS=${settings.connections}; KV: ${process.env.REDIS_URL ? 'Redis through the Upstash stand-in' : 'in-memory'}).
Worker under \`wrangler dev\` (Miniflare's Cache API; beside it its assets Worker,
wrangler.assets.toml, with no router in front of the API worker), the demo shop, loopback only;
beside it, under the same \`wrangler dev\`, the runtime's no-op (bench/noop/worker.ts: a constant
answer), alone and behind a static-assets router (bench/noop/assets.toml: the router that
\`[assets]\` with \`run_worker_first\` puts in front of every request, which the storefront worker
had while the built files were its own assets); and a no-op that sends each endpoint's hit as
recorded (bench/noop/answer.ts: the same status, headers and body, built once), so a hit's own
work shows apart from its answer's bytes.

Machine: ${machine.cores} cores, ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node};
load average before ${machine.loadAverage}, after ${loadAverage()}; per round (1 / 5 / 15 min):
${loads.map((l) => `- ${l}`).join('\n')}

The machine is shared with other work: compare the states of one run (the ratios), not absolute
numbers across runs. Figures are medians over the rounds; each ratio is the median of the
per-round ratios (each round measures the no-op, /livez and every endpoint back to back).

${lines.join('\n')}

Cold: each request carries a throwaway query parameter, so each is a new key (a miss: the
generation read, the handler's statement, the store). Warm: the same request (hits, zero
statements). Writes (once, after the rounds): the warm request while a merchant PATCHes a
shipping rate every 100 ms; every write moves the demo shop to a new generation, so the next
read of each isolate misses.
`;
  // What follows the history marker is kept from run to run (earlier runs, read by hand).
  const file = path.join(REPO_ROOT, 'bench', 'EDGE.md');
  const previous = await readFile(file, 'utf8').catch(() => '');
  const at = previous.indexOf(HISTORY_MARKER);
  await writeFile(file, at < 0 ? report : `${report}\n${previous.slice(at)}`);
  console.log(report);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

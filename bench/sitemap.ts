/**
 * Sitemap benchmark: builds shops of 5,000 and 50,000 products with generate_series,
 * serves them with the worker under `wrangler dev --local`, fetches GET /config/site-map
 * and records the response size, time, workerd's resident memory and the isolate's JS
 * heap (over the inspector) while the body streams. Writes bench/SITEMAP.md.
 *
 *   npm run bench:sitemap            (SITEMAP_PRODUCTS=50000 SITEMAP_ROUNDS=3)
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { SITEMAP_CHUNK_SIZE } from '../src/modules/config/service/sitemap';
import { connectInspector, findWorkerd, isWorkerd, rssKiB } from './lib/isolate';
import { describeMachine, envInt, loadAverage } from './lib/machine';
import { startTarget, withCleanup } from './lib/session';
import { REPO_ROOT } from './lib/worker';

const LARGE = envInt('SITEMAP_PRODUCTS', 50_000, 500_000);
const SMALL = Math.max(1, Math.round(LARGE / 10));
const ROUNDS = envInt('SITEMAP_ROUNDS', 3, 10);
const CATEGORIES = 200;
const SAMPLE_MS = 20;
const API = '/access/api/v1';

type BenchShop = { label: string; products: number; id: string; apiKey: string };

/** One shop: settings, a primary domain, policies, categories and `products` products (1% drafts). */
async function fillShop(client: pg.Client, handle: string, products: number): Promise<BenchShop> {
  const apiKey = `sf_bench_${randomBytes(16).toString('hex')}`;
  const { rows } = await client.query<{ id: string }>(
    `insert into shops (handle, name) values ($1, $2) returning id`,
    [handle, `Bench ${handle}`],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('shop insert returned nothing');
  const keyHash = createHash('sha256').update(apiKey).digest('hex');
  await client.query(`insert into api_keys (shop_id, key_hash, prefix) values ($1, $2, $3)`, [
    id,
    keyHash,
    apiKey.slice(0, 12),
  ]);
  await client.query(`insert into shop_settings (shop_id, document) values ($1, '{}')`, [id]);
  await client.query(
    `insert into shop_domains (shop_id, hostname, is_primary) values ($1, $2, true)`,
    [id, `www.${handle}.example`],
  );
  await client.query(
    `insert into policies (shop_id, type, title, content)
     select $1, t::policy_type, initcap(t), '<p>Policy</p>'
     from unnest(array['privacy', 'refund', 'terms-of-service']) t`,
    [id],
  );
  await client.query(
    `insert into categories (shop_id, name, slug, position)
     select $1, 'Category ' || i, 'category-' || lpad(i::text, 4, '0'), i
     from generate_series(1, $2::int) i`,
    [id, CATEGORIES],
  );
  await client.query(
    `insert into products (shop_id, title, slug, description, status, price_minor, created_at, updated_at)
     select $1, 'Product ' || i, 'product-' || lpad(i::text, 6, '0'), '<p>A product.</p>',
       (case when i % 100 = 0 then 'draft' else 'published' end)::publication_status,
       1000 + i, now() - make_interval(mins => i), now() - make_interval(mins => i)
     from generate_series(1, $2::int) i`,
    [id, products],
  );
  await client.query('analyze products; analyze categories');
  return { label: `${products.toLocaleString('en')} products`, products, id, apiKey };
}

async function fill(databaseUrl: string): Promise<BenchShop[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    const suffix = randomBytes(3).toString('hex');
    const shops = [
      await fillShop(client, `bench-small-${suffix}`, SMALL),
      await fillShop(client, `bench-large-${suffix}`, LARGE),
    ];
    console.log(`sitemap bench: filled ${SMALL + LARGE} products in ${Date.now() - started} ms`);
    return shops;
  } finally {
    await client.end();
  }
}

type Inspector = Awaited<ReturnType<typeof connectInspector>>;

type Run = {
  status: number;
  bytes: number;
  entries: number;
  productEntries: number;
  /** Until the status and headers arrived (the shop-level statement ran; entries follow as they stream). */
  headersMs: number;
  totalMs: number;
  rssBeforeKiB: number;
  rssPeakKiB: number;
  heapBefore: number;
  heapPeak: number;
  /** After the request and a full GC: what the request left behind. */
  heapAfter: number;
};

async function measureOnce(
  origin: string,
  shop: BenchShop,
  pids: number[],
  inspector: Inspector,
): Promise<Run> {
  const rssNow = async () => (await Promise.all(pids.map(rssKiB))).reduce((a, b) => a + b, 0);
  await inspector?.collectGarbage();
  const rssBeforeKiB = await rssNow();
  const heapBefore = (await inspector?.heapUsed()) ?? Number.NaN;
  let rssPeakKiB = rssBeforeKiB;
  let heapPeak = heapBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeakKiB = Math.max(rssPeakKiB, await rssNow());
      const heap = (await inspector?.heapUsed()) ?? Number.NaN;
      if (!Number.isNaN(heap)) heapPeak = Number.isNaN(heapPeak) ? heap : Math.max(heapPeak, heap);
      await delay(SAMPLE_MS);
    }
  })();

  const started = performance.now();
  const response = await fetch(`${origin}${API}/config/site-map`, {
    headers: { 'x-api-key': shop.apiKey },
  });
  const headersMs = performance.now() - started;
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  let bytes = 0;
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    chunks.push(value);
  }
  const totalMs = performance.now() - started;
  sampling = false;
  await sampler;
  await inspector?.collectGarbage();
  const heapAfter = (await inspector?.heapUsed()) ?? Number.NaN;
  // Samples can miss a short spike; what survived the request was there at its end too.
  if (heapAfter > heapPeak) heapPeak = heapAfter;

  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    data: Array<{ url: string }>;
  };
  return {
    status: response.status,
    bytes,
    entries: body.data.length,
    productEntries: body.data.filter((e) => e.url.includes('/product/')).length,
    headersMs,
    totalMs,
    rssBeforeKiB,
    rssPeakKiB,
    heapBefore,
    heapPeak,
    heapAfter,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const mib = (bytes: number) =>
  Number.isNaN(bytes) ? 'n/a' : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function render(
  results: Array<{ shop: BenchShop; runs: Run[] }>,
  context: {
    startedAt: Date;
    pids: number[];
    heapMeasured: boolean;
    loadBefore: string;
    loadAfter: string;
  },
) {
  const machine = describeMachine();
  const heapGrowth = results.map(({ shop, runs }) => {
    const growth = Math.max(...runs.map((r) => r.heapPeak - r.heapBefore));
    return `${mib(growth)} for ${shop.label}`;
  });
  const afters = results.flatMap(({ runs }) => runs.map((r) => r.heapAfter));
  const afterRange = `${mib(Math.min(...afters))} and ${mib(Math.max(...afters))}`;
  const rows = results.map(({ shop, runs }) => {
    const pick = (f: (r: Run) => number) => median(runs.map(f));
    const worst = (f: (r: Run) => number) => Math.max(...runs.map(f));
    const first = runs[0];
    return `| ${shop.label} | ${first?.entries.toLocaleString('en')} (${first?.productEntries.toLocaleString('en')} products) | ${mib(pick((r) => r.bytes))} | ${ms(pick((r) => r.headersMs))} | ${ms(pick((r) => r.totalMs))} | ${mib(pick((r) => r.rssBeforeKiB) * 1024)} → ${mib(worst((r) => r.rssPeakKiB) * 1024)} | ${mib(pick((r) => r.heapBefore))} → ${mib(worst((r) => r.heapPeak))} → ${mib(pick((r) => r.heapAfter))} |`;
  });
  return `# Sitemap benchmark

Measured ${context.startedAt.toISOString()} by \`npm run bench:sitemap\` (bench/sitemap.ts). Rerun with:

\`\`\`sh
npm run bench:sitemap                        # 5,000 and 50,000 products, 3 rounds
SITEMAP_PRODUCTS=100000 SITEMAP_ROUNDS=1 npm run bench:sitemap
\`\`\`

## What it does

- Starts the local stack (\`startLocalStack({ mode: 'test' })\`: embedded Postgres, the Neon
  HTTP endpoint, the mail sink) and the worker under \`wrangler dev --local\` with the stack's
  bindings as \`--var\`s (\`CLOUDFLARE_CF_FETCH_ENABLED=false\`, \`WRANGLER_SEND_METRICS=false\`).
  Wrangler is stopped by the pid of its node process; the bench then checks that no workerd
  of its process group is left.
- Fills two shops with \`generate_series\`: ${SMALL.toLocaleString('en')} and ${LARGE.toLocaleString('en')} products (every 100th a draft,
  so not listed), ${CATEGORIES} categories and 3 policies each.
- Calls \`GET ${API}/config/site-map\` with each shop's key ${ROUNDS} time(s), reading the body as it
  streams, and samples every ${SAMPLE_MS} ms: the resident memory (VmRSS) of workerd
  (${context.pids.length} process(es)) and ${context.heapMeasured ? "the isolate's used JS heap (`Runtime.getHeapUsage` over wrangler's inspector)" : 'nothing else (the inspector was not reachable, so the heap is not reported)'}.
- Size is the response body; "Headers" is the time until the status and headers arrived,
  "Total" until the last byte, both measured by the client over loopback.
  Time and size are medians; memory is the median before, the highest sample during (every
  ${SAMPLE_MS} ms, so a spike between two samples can be missed), and
  (heap) the median after the request followed by a full GC.

## Machine

- ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB memory, Node ${machine.node}
- Load average (1 / 5 / 15 min): ${context.loadBefore} before, ${context.loadAfter} after.
  The machine is shared with other test runs; times are indicative, memory is the point.

## Results

| Shop | Entries | Response | Headers | Total | workerd RSS (before → peak) | Isolate JS heap (before → peak → after GC) |
|---|---|---|---|---|---|---|
${rows.join('\n')}

## Reading

- The body is streamed (\`c.body(ReadableStream)\`): the shop-level part (settings, domain,
  policies) is one statement before the response starts, then categories and products follow
  in keyset-paginated chunks of ${SITEMAP_CHUNK_SIZE.toLocaleString('en')} rows (\`slug > $last order by slug limit ${SITEMAP_CHUNK_SIZE}\` on the
  \`(shop_id, slug)\` unique index), one statement per chunk. At most one chunk is referenced
  by the isolate at a time.
- Heap growth during the request, at most: ${heapGrowth.join('; ')} (catalogues ten times
  apart). The Workers limit is 128 MB per isolate.
- The growth is not flat because garbage of earlier chunks waits for the collector, but
  nothing piles up across requests: after each request and a full GC the heap was between
  ${afterRange} over all ${results.reduce((n, r) => n + r.runs.length, 0)} runs. Each run starts after a full GC
  (\`HeapProfiler.collectGarbage\`), so the "before" figures are comparable.
- workerd's RSS covers the whole local runtime (wrangler's proxy and the dev services
  beside the worker) and the allocator keeps pages it has used, so it only shows that
  nothing balloons; the isolate heap is the figure that the 128 MB limit applies to.
- The sitemap is not capped at 50,000 URLs: the contract asks for every active product, and
  the JSON is not itself a sitemap file. A theme with more than 50,000 URLs splits them into
  several sitemap files (Next.js \`generateSitemaps\`); see docs/decisions/marketing.md.
`;
}

async function main() {
  const startedAt = new Date();
  const loadBefore = loadAverage();
  await withCleanup(async (register) => {
    const target = await startTarget(register, { fill });
    const { origin } = target.worker;
    const port = new URL(origin).port;
    const shops = target.filled;
    // Start the isolate before finding its processes and measuring a baseline.
    await fetch(`${origin}${API}/settings/health`, {
      headers: { 'x-api-key': shops[0]?.apiKey ?? '' },
    });
    const { pids, inspectorPort } = await findWorkerd(port);
    if (pids.length === 0) throw new Error(`no workerd found for the worker on port ${port}`);
    const inspector = await connectInspector(inspectorPort);
    register({ name: 'inspector', stop: async () => inspector?.close() });

    const results: Array<{ shop: BenchShop; runs: Run[] }> = [];
    for (const shop of shops) {
      const runs: Run[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const run = await measureOnce(origin, shop, pids, inspector);
        if (run.status !== 200) throw new Error(`sitemap answered ${run.status}`);
        console.log(
          `${shop.label}: ${run.entries} entries, ${mib(run.bytes)}, ${ms(run.totalMs)}, rss ${mib(run.rssBeforeKiB * 1024)} → ${mib(run.rssPeakKiB * 1024)}, heap ${mib(run.heapBefore)} → ${mib(run.heapPeak)} → ${mib(run.heapAfter)}`,
        );
        runs.push(run);
      }
      results.push({ shop, runs });
    }
    const report = render(results, {
      startedAt,
      pids,
      heapMeasured: inspector !== null,
      loadBefore,
      loadAfter: loadAverage(),
    });
    await writeFile(path.join(REPO_ROOT, 'bench', 'SITEMAP.md'), report);
    inspector?.close();
    // Stopping twice is harmless (cleanup stops it again); here it is checked.
    await target.worker.stop();
    const left = (
      await Promise.all(pids.map(async (pid) => ((await isWorkerd(pid)) ? pid : null)))
    ).filter((pid) => pid !== null);
    if (left.length > 0) throw new Error(`workerd still running: ${left.join(', ')}`);
    console.log('sitemap bench: wrote bench/SITEMAP.md; wrangler and workerd stopped');
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The buyers of the flash-sale benchmarks (bench/flash-sale.ts, bench/flash-sale-profile.ts,
 * bench/order-cpu.ts): the shop they buy from, each buyer a POST /access/api/v1/orders on a
 * socket of its own from a network of its own, the products they buy created through the
 * merchant API, and what the database holds after.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startLocalStack } from '../../scripts/local/stack';
import { buildWorker, serveWorker } from '../../scripts/local/worker';
import { seedDemo } from '../../scripts/seed';

type Stoppable = { name: string; stop(): Promise<void> };

/**
 * What `npm run dev` runs: the local stack on a throwaway database (made in `databaseUrl`'s
 * server when given), the demo seed, and the built worker in workerd through Miniflare
 * (`minify: false` and `inspectorPort` for a profile). Warmed by one request: the isolate's
 * first request pays its start, a buyer of a running shop does not.
 */
export async function startShop(
  register: (s: Stoppable) => void,
  options: { databaseUrl?: string; minify?: boolean; inspectorPort?: number } = {},
) {
  const stack = await startLocalStack({ mode: 'test', databaseUrl: options.databaseUrl });
  register({ name: 'local stack', stop: stack.stop });
  const { demo } = await seedDemo(stack.databaseUrl);
  const work = await mkdtemp(path.join(tmpdir(), 'storefront-shop-'));
  register({ name: 'bundle', stop: () => rm(work, { recursive: true, force: true }) });
  const worker = await serveWorker({
    built: await buildWorker(path.join(work, 'bundle'), { minify: options.minify ?? true }),
    bindings: stack.bindings,
    inspectorPort: options.inspectorPort,
  });
  register({ name: 'worker', stop: worker.stop });
  const { apiKey, merchantKey } = demo;
  if (!merchantKey) throw new Error('the demo shop was seeded without a merchant key');
  await fetch(`${worker.origin}/access/api/v1/settings`, { headers: { 'x-api-key': apiKey } });
  return { databaseUrl: stack.databaseUrl, origin: worker.origin, apiKey, merchantKey };
}

/** One POST on a socket of its own (no agent): the buyers arrive together, not queued on a pool. */
function post(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers, agent: false, timeout: 60_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    },
  );
}

let networkSeq = 0;
/** A network no other buyer of the run uses (10.x.y.z). */
const aNetwork = () => {
  networkSeq += 1;
  return `10.${(networkSeq >> 16) & 255}.${(networkSeq >> 8) & 255}.${networkSeq & 255}`;
};

export type Answer = { status: number; code: string | null; retryAfter: boolean; ms: number };

export async function order(origin: string, apiKey: string, productId: string): Promise<Answer> {
  const started = performance.now();
  const n = networkSeq + 1;
  try {
    const res = await post(
      `${origin}/access/api/v1/orders`,
      { 'x-api-key': apiKey, 'content-type': 'application/json', 'cf-connecting-ip': aNetwork() },
      JSON.stringify({
        cart: [{ type: 'product', productId, quantity: 1 }],
        name: 'Flash Buyer',
        email: `buyer-${n}-${Math.random().toString(36).slice(2, 8)}@example.test`,
        phone: '+15550100',
        town: 'London',
        city: 'Marylebone',
      }),
    );
    const { text } = res;
    let code: string | null = null;
    try {
      code = (JSON.parse(text) as { code?: string }).code ?? null;
    } catch {
      code = 'not-json';
    }
    return {
      status: res.status,
      code,
      retryAfter: res.headers['retry-after'] !== undefined,
      ms: performance.now() - started,
    };
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    return {
      status: 0,
      code: `socket ${reason}`,
      retryAfter: false,
      ms: performance.now() - started,
    };
  }
}

/**
 * Creates a published, shipping-free product with tracked stock through the merchant API;
 * a 503 (a busy machine) is retried after its Retry-After, as a client does.
 */
export async function createProduct(
  origin: string,
  merchantKey: string,
  title: string,
  stock: number,
) {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${origin}/admin/api/v1/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${merchantKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        status: 'published',
        price: 1999,
        track_stock: true,
        stock,
        has_shipping: false,
      }),
    });
    const body = (await res.json()) as { id?: string };
    if (res.status === 503 && attempt < 5) {
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (!body.id) throw new Error(`creating ${title}: ${res.status} ${JSON.stringify(body)}`);
    return body.id;
  }
}

export async function soldOf(databaseUrl: string, productIds: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stock = await client.query<{ stock: number }>(
      'select stock from products where id = any($1::uuid[]) order by stock',
      [productIds],
    );
    const lines = await client.query<{ n: string }>(
      `select count(distinct l.order_id)::text as n from order_lines l
       where l.product_id = any($1::uuid[])`,
      [productIds],
    );
    return {
      ordersCreated: Number(lines.rows[0]?.n ?? 0),
      finalStock: stock.rows.map((r) => r.stock),
    };
  } finally {
    await client.end();
  }
}

/** Every buyer's request sent at once; the scenario's time runs from the first to the last answer. */
export async function burst(
  origin: string,
  apiKey: string,
  productIds: string[],
  perProduct: number,
) {
  const started = performance.now();
  const answers = await Promise.all(
    productIds.flatMap((id) => Array.from({ length: perProduct }, () => order(origin, apiKey, id))),
  );
  return { answers, seconds: (performance.now() - started) / 1000 };
}

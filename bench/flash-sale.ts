/**
 * Flash sale benchmark: buyers who all order at the same moment, through the storefront API
 * (`POST /access/api/v1/orders`) of the worker in workerd (Miniflare, as `npm run dev` serves
 * it) on the local stack (the demo shop, products created through the merchant API). Each
 * buyer comes from its own network (`cf-connecting-ip`), so the per-network order limit
 * counts each once.
 *
 *   one product   FLASH_BUYERS (500) buyers of one product with FLASH_STOCK (100) units;
 *   20 products   FLASH_PRODUCTS (20) products of 25 units, 40 buyers of each, all at once;
 *   throughput    FLASH_CONNECTIONS (20) buyers ordering one after another for FLASH_SECONDS
 *                 (5) from a product with more stock than they can buy: orders per second.
 *
 * Reports, per scenario: orders created (rows), final stock (and the lowest seen), the
 * answers by status and code, the share of 503s (each checked for Retry-After), p50 / p99 of
 * the answers, and orders per second. Writes bench/results/flash-sale.json. Stops everything
 * it started.
 *
 *   npm run bench:flash-sale
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Answer, burst, createProduct, order, soldOf, startShop } from './lib/flash-buyers';
import { describeMachine, envInt, loadAverage } from './lib/machine';
import { withCleanup } from './lib/session';
import { REPO_ROOT } from './lib/worker';

const settings = {
  buyers: envInt('FLASH_BUYERS', 500, 5_000),
  stock: envInt('FLASH_STOCK', 100, 100_000),
  products: envInt('FLASH_PRODUCTS', 20, 100),
  perProductStock: envInt('FLASH_PRODUCT_STOCK', 25, 1_000),
  perProductBuyers: envInt('FLASH_PRODUCT_BUYERS', 40, 1_000),
  connections: envInt('FLASH_CONNECTIONS', 20, 200),
  seconds: envInt('FLASH_SECONDS', 5, 60),
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

type Summary = {
  scenario: string;
  buyers: number;
  units: number;
  ordersCreated: number;
  finalStock: number[];
  answers: Record<string, number>;
  unavailableShare: number;
  unavailableWithoutRetryAfter: number;
  p50Ms: number;
  p99Ms: number;
  seconds: number;
  ordersPerSecond: number;
};

function summarise(
  scenario: string,
  units: number,
  answers: Answer[],
  seconds: number,
  db: { ordersCreated: number; finalStock: number[] },
): Summary {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status === 200 ? '200' : `${a.status} ${a.code ?? ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  const unavailable = answers.filter((a) => a.status === 503);
  return {
    scenario,
    buyers: answers.length,
    units,
    ...db,
    answers: counts,
    unavailableShare: unavailable.length / Math.max(answers.length, 1),
    unavailableWithoutRetryAfter: unavailable.filter((a) => !a.retryAfter).length,
    p50Ms: quantile(
      answers.map((a) => a.ms),
      0.5,
    ),
    p99Ms: quantile(
      answers.map((a) => a.ms),
      0.99,
    ),
    seconds,
    ordersPerSecond: db.ordersCreated / seconds,
  };
}

/** `connections` buyers in closed loops for `seconds`: each orders again once answered. */
async function sustained(origin: string, apiKey: string, productId: string) {
  const answers: Answer[] = [];
  const until = performance.now() + settings.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: settings.connections }, async () => {
      while (performance.now() < until) answers.push(await order(origin, apiKey, productId));
    }),
  );
  return { answers, seconds: (performance.now() - started) / 1000 };
}

const line = (s: Summary) =>
  `| ${s.scenario} | ${s.buyers} | ${s.units} | ${s.ordersCreated} | ${
    s.finalStock.length === 1
      ? s.finalStock[0]
      : `${Math.min(...s.finalStock)}–${Math.max(...s.finalStock)}`
  } | ${Object.entries(s.answers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}: ${v}`)
    .join(
      ', ',
    )} | ${(s.unavailableShare * 100).toFixed(1)} % (${s.unavailableWithoutRetryAfter} without Retry-After) | ${s.p50Ms.toFixed(0)} | ${s.p99Ms.toFixed(0)} | ${s.seconds.toFixed(2)} | ${s.ordersPerSecond.toFixed(1)} |`;

async function main() {
  const machine = describeMachine();
  const summaries: Summary[] = [];
  const loads: string[] = [];
  await withCleanup(async (register) => {
    const shop = await startShop(register);
    const { origin, apiKey, merchantKey } = shop;

    const one = await createProduct(origin, merchantKey, 'Flash sale lamp', settings.stock);
    loads.push(`one product: before ${loadAverage()}`);
    const a = await burst(origin, apiKey, [one], settings.buyers);
    summaries.push(
      summarise(
        'one product',
        settings.stock,
        a.answers,
        a.seconds,
        await soldOf(shop.databaseUrl, [one]),
      ),
    );
    loads[loads.length - 1] += `, after ${loadAverage()}`;
    console.log(line(summaries.at(-1) as Summary));

    const many: string[] = [];
    for (let i = 0; i < settings.products; i++) {
      many.push(
        await createProduct(
          origin,
          merchantKey,
          `Flash sale mug ${i + 1}`,
          settings.perProductStock,
        ),
      );
    }
    loads.push(`20 products: before ${loadAverage()}`);
    const b = await burst(origin, apiKey, many, settings.perProductBuyers);
    summaries.push(
      summarise(
        `${settings.products} products`,
        settings.products * settings.perProductStock,
        b.answers,
        b.seconds,
        await soldOf(shop.databaseUrl, many),
      ),
    );
    loads[loads.length - 1] += `, after ${loadAverage()}`;
    console.log(line(summaries.at(-1) as Summary));

    const plenty = await createProduct(origin, merchantKey, 'Flash sale stock', 100_000);
    loads.push(`throughput: before ${loadAverage()}`);
    const c = await sustained(origin, apiKey, plenty);
    summaries.push(
      summarise(
        `throughput (${settings.connections} buyers in loops)`,
        100_000,
        c.answers,
        c.seconds,
        await soldOf(shop.databaseUrl, [plenty]),
      ),
    );
    loads[loads.length - 1] += `, after ${loadAverage()}`;
    console.log(line(summaries.at(-1) as Summary));
  });
  const report = {
    command: 'npm run bench:flash-sale',
    settings,
    machine: { cores: machine.cores, cpu: machine.cpuModel, node: machine.node },
    loadAverage: loads,
    summaries,
  };
  await writeFile(
    path.join(REPO_ROOT, 'bench', 'results', 'flash-sale.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.log(
    [
      '',
      `Machine: ${machine.cores} cores, ${machine.cpuModel}, Node ${machine.node}`,
      '',
      '| scenario | buyers | units | orders created | final stock | answers | 503 share | p50 ms | p99 ms | seconds | orders/s |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...summaries.map(line),
      '',
      ...loads.map((l) => `load average ${l}`),
    ].join('\n'),
  );
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });

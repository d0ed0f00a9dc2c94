/**
 * The CPU one buyer costs the machine, by process: a sold-out refusal and a placed order,
 * each sent ORDER_CPU_REQUESTS times with ORDER_CPU_CONCURRENCY at a time (not a burst, so
 * no request waits on a lock or a connection), on the stack `npm run dev` runs (the local
 * stack on a throwaway Postgres, the demo seed, the built worker in workerd). CPU time is
 * read from /proc for workerd and Postgres and from this process (the SQL-over-HTTP and
 * Redis stand-ins and the load generator), so it is what the work costs, whatever else the
 * machine runs; the median of ORDER_CPU_ROUNDS rounds is reported.
 *
 *   npx tsx bench/order-cpu.ts
 *
 * ORDER_CPU_DATABASE_URL names a Postgres server to make the run's database in instead of a
 * throwaway one (its CPU is then not counted here: read it from the server, with
 * pg_stat_statements for instance).
 *
 * A flash sale's burst (bench/flash-sale.ts) is bound by this CPU: compare before and after
 * a change here, where a busy machine moves the figures far less than it moves a burst's p99.
 */
import { writeFileSync } from 'node:fs';
import { type Answer, createProduct, order, startShop } from './lib/flash-buyers';
import { descendantsCpu, describeMachine, envInt, loadAverage } from './lib/machine';
import { withCleanup } from './lib/session';

const settings = {
  requests: envInt('ORDER_CPU_REQUESTS', 300, 10_000),
  concurrency: envInt('ORDER_CPU_CONCURRENCY', 4, 100),
  rounds: envInt('ORDER_CPU_ROUNDS', 3, 20),
  /** A Postgres server to make the run's database in (one with pg_stat_statements, say). */
  databaseUrl: process.env.ORDER_CPU_DATABASE_URL || undefined,
};

const PROCESSES = ['workerd', 'postgres', 'node (this process)'] as const;

/** `count` requests, `concurrency` at a time; every answer must be `expected`. */
async function drive(send: () => Promise<Answer>, count: number, expected: number) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const answer = await send();
      if (answer.status !== expected) {
        throw new Error(`expected ${expected}, got ${answer.status} ${answer.code ?? ''}`);
      }
    }
  };
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
}

/** CPU ms per request of each process while `count` requests of `send` run. */
async function cpuPerRequest(send: () => Promise<Answer>, count: number, expected: number) {
  const before = descendantsCpu();
  await drive(send, count, expected);
  const after = descendantsCpu();
  const per: Record<string, number> = {};
  for (const name of PROCESSES) {
    per[name] = (1000 * ((after.get(name) ?? 0) - (before.get(name) ?? 0))) / count;
  }
  per.all = PROCESSES.reduce((sum, name) => sum + (per[name] ?? 0), 0);
  return per;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  await withCleanup(async (register) => {
    const { origin, apiKey, merchantKey } = await startShop(register, {
      databaseUrl: settings.databaseUrl,
    });
    const soldOut = await createProduct(origin, merchantKey, 'Sold-out lamp', 0);
    const inStock = await createProduct(origin, merchantKey, 'Lamp', 1_000_000);
    const kinds = [
      { name: 'sold-out refusal (422)', send: () => order(origin, apiKey, soldOut), status: 422 },
      { name: 'placed order (200)', send: () => order(origin, apiKey, inStock), status: 200 },
    ];
    // Warm the isolate, the stand-ins' connections and Postgres's plans.
    for (const kind of kinds) await drive(kind.send, 60, kind.status);

    const loadBefore = loadAverage();
    const results: Record<string, Record<string, number>[]> = {};
    for (let round = 0; round < settings.rounds; round++) {
      for (const kind of kinds) {
        const per = await cpuPerRequest(kind.send, settings.requests, kind.status);
        results[kind.name] = [...(results[kind.name] ?? []), per];
      }
    }
    const loadAfter = loadAverage();

    const columns = [...PROCESSES, 'all'];
    const machine = describeMachine();
    const lines = [
      `Machine: ${machine.cores} cores, ${machine.cpuModel}, Node ${machine.node}; load average ${loadBefore} → ${loadAfter}`,
      `${settings.requests} requests per round, ${settings.concurrency} at a time, ${settings.rounds} rounds; CPU ms per request, median of the rounds`,
      '',
      `| request | ${columns.join(' | ')} |`,
      `|---|${columns.map(() => '---:').join('|')}|`,
    ];
    const report: Record<string, Record<string, number>> = {};
    for (const kind of kinds) {
      const rounds = results[kind.name] ?? [];
      const medians = Object.fromEntries(
        columns.map((c) => [c, median(rounds.map((r) => r[c] ?? 0))]),
      );
      report[kind.name] = medians;
      lines.push(
        `| ${kind.name} | ${columns.map((c) => (medians[c] ?? 0).toFixed(2)).join(' | ')} |`,
      );
    }
    console.log(`\n${lines.join('\n')}`);
    writeFileSync(
      'bench/results/order-cpu.json',
      `${JSON.stringify({ settings, loadBefore, loadAfter, report, results }, null, 2)}\n`,
    );
  });
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });

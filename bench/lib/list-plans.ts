/**
 * What Postgres spends on the statements of the merchant products list (GET
 * /admin/api/v1/products as the dashboard asks: first page, page 2, a status filter, a search),
 * by EXPLAIN ANALYZE, median of a few runs each: with the shop's indexes, and once more inside
 * a transaction that drops `products_shop_created_idx` and rolls back (the list without it).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { ShopContext } from '../../src/app-env';
import type { Db } from '../../src/db/client';
import { listProducts } from '../../src/modules/products/admin-service';

type Case = { name: string; query: Record<string, unknown> };
export type PlanTimes = Record<string, { withIndex: number; without: number; scan: string }>;

const RUNS = 7;
const middle = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;

/** The statements `listProducts` sends for `query`, captured from drizzle's logger. */
async function statementsOf(client: pg.Client, shopId: string, query: Record<string, unknown>) {
  const sent: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(client, {
    logger: { logQuery: (sql, params) => sent.push({ sql, params }) },
  }) as unknown as Db;
  await listProducts(db, { id: shopId } as ShopContext, { limit: 25, ...query } as never);
  return sent;
}

async function explain(client: pg.Client, statements: { sql: string; params: unknown[] }[]) {
  const times: number[] = [];
  let scan = '';
  for (let i = 0; i < RUNS; i++) {
    let total = 0;
    for (const s of statements) {
      const { rows } = await client.query(`explain (analyze, format json) ${s.sql}`, s.params);
      const [plan] = rows[0]['QUERY PLAN'] as { 'Execution Time': number; Plan: PlanNode }[];
      total += plan?.['Execution Time'] ?? 0;
      scan = plan ? scanOf(plan.Plan) : '';
    }
    times.push(total);
  }
  return { ms: Math.round(middle(times) * 10) / 10, scan };
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};

/** How the plan reads `products` (the outer scan, not the subplans'). */
function scanOf(node: PlanNode): string {
  if (node['Relation Name'] === 'products' && !node['Index Name']?.endsWith('pkey')) {
    return node['Index Name'] ? `${node['Node Type']} ${node['Index Name']}` : node['Node Type'];
  }
  for (const child of node.Plans ?? []) {
    const found = scanOf(child);
    if (found) return found;
  }
  return '';
}

export async function productListPlans(databaseUrl: string, shopId: string): Promise<PlanTimes> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from products where shop_id = $1 order by created_at desc, id desc offset 24 limit 1',
      [shopId],
    );
    const cases: Case[] = [
      { name: 'first page', query: {} },
      { name: 'page 2', query: { starting_after: rows[0]?.id } },
      { name: 'status draft', query: { status: 'draft' } },
      { name: 'search', query: { query: 'Bench product 3334' } },
    ];
    const out: PlanTimes = {};
    for (const c of cases) {
      const statements = await statementsOf(client, shopId, c.query);
      const withIndex = await explain(client, statements);
      await client.query('begin');
      await client.query('drop index products_shop_created_idx');
      const without = await explain(client, statements);
      await client.query('rollback');
      out[c.name] = { withIndex: withIndex.ms, without: without.ms, scan: withIndex.scan };
    }
    return out;
  } finally {
    await client.end();
  }
}

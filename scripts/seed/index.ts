import { randomUUID } from 'node:crypto';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../src/db/schema';
import { auroraPlan } from './aurora';
import { DEMO_API_KEY, DEMO_MERCHANT_KEY, SECOND_SHOP_API_KEY } from './keys';
import { pantryPlan } from './pantry';
import { insertPlan, type SeedObject, type ShopPlan } from './plan';
import { seedStaff } from './staff';

export type SeedDb = NodePgDatabase<typeof schema>;

export type SeededShop = {
  id: string;
  handle: string;
  name: string;
  apiKey: string;
  /** The merchant key (all scopes) of a shop seeded with one: the demo shop. */
  merchantKey?: string;
};
export type SeedResult = { demo: SeededShop; second: SeededShop };
export type { SeedObject };

function shopOf(plan: ShopPlan, apiKey: string): SeededShop {
  const [shop] = plan.rows.shops;
  if (!shop) throw new Error('a shop plan without its shop row');
  return { id: plan.shopId, handle: shop.handle, name: shop.name, apiKey };
}

/** Seeds the demo shop and a second, smaller shop in one transaction. */
export async function seedDemo(url: string): Promise<SeedResult> {
  const now = new Date();
  const demo = auroraPlan(randomUUID(), DEMO_API_KEY, now);
  const second = pantryPlan(randomUUID(), SECOND_SHOP_API_KEY, now);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = drizzle(client, { schema });
    await db.transaction(async (tx) => {
      await insertPlan(tx as unknown as SeedDb, demo);
      await insertPlan(tx as unknown as SeedDb, second);
      await seedStaff(tx as unknown as SeedDb, demo.shopId);
    });
  } finally {
    await client.end();
  }
  return {
    demo: { ...shopOf(demo, DEMO_API_KEY), merchantKey: DEMO_MERCHANT_KEY },
    second: shopOf(second, SECOND_SHOP_API_KEY),
  };
}

/**
 * Every storage object the seeded shops refer to: media under `<shop_id>/media/<filename>`
 * and digital files under their storage keys. Rebuilt from the same data, so it matches
 * the rows `seedDemo` wrote for these shop ids.
 */
export function demoObjects(result: SeedResult): SeedObject[] {
  const now = new Date();
  return [
    ...auroraPlan(result.demo.id, result.demo.apiKey, now).objects,
    ...pantryPlan(result.second.id, result.second.apiKey, now).objects,
  ];
}

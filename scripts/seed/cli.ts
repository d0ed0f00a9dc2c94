import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedDemo } from './index';
import { DEMO_API_KEY, DEMO_MERCHANT_KEY, SECOND_SHOP_API_KEY } from './keys';

const HANDLES = ['aurora', 'pantry'] as const;

/**
 * `npm run db:seed`: adds the demo shops to DATABASE_URL's database. Safe to run again:
 * when both demo shops exist it only prints their keys; when a demo handle belongs to
 * some other shop it stops without writing anything.
 */
async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required.');
    return 1;
  }
  const existing = await existingHandles(url);
  if (existing === null) {
    console.error('The schema is missing: run `npm run db:migrate` first.');
    return 1;
  }
  if (existing.length === HANDLES.length) {
    console.log('The demo shops are already seeded; nothing to do.');
    printKeys();
    return 0;
  }
  if (existing.length > 0) {
    console.error(
      `Shop handle(s) ${existing.join(', ')} already exist without the full demo; not seeding over them.`,
    );
    return 1;
  }
  const started = Date.now();
  const seeded = await seedDemo(url);
  console.log(
    `Seeded ${seeded.demo.name} (${seeded.demo.id}) and ${seeded.second.name} (${seeded.second.id}) in ${Date.now() - started} ms.`,
  );
  printKeys();
  return 0;
}

/** Demo handles already taken, or null when the shops table does not exist yet. */
async function existingHandles(url: string): Promise<string[] | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ handle: string }>(
      'select handle from shops where handle = any($1::text[])',
      [HANDLES],
    );
    return rows.map((r) => r.handle);
  } catch (error) {
    if (error instanceof pg.DatabaseError && error.code === '42P01') return null;
    throw error;
  } finally {
    await client.end();
  }
}

function printKeys(): void {
  console.log(`  aurora (Aurora Outfitters) x-api-key: ${DEMO_API_KEY}`);
  console.log(`  pantry (Nordic Pantry)     x-api-key: ${SECOND_SHOP_API_KEY}`);
  console.log(`  aurora merchant key (/admin/api/v1, Authorization: Bearer): ${DEMO_MERCHANT_KEY}`);
  console.log('  demo customer: demo@aurora.example (sign in with an emailed code)');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}

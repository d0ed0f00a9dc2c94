import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Applies the committed migrations in drizzle/ to the database at `url`. */
export async function applyMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Concurrent runners (two dev servers, parallel CI jobs) must not migrate at once.
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required (npm run dev migrates its own database).');
    process.exit(1);
  }
  await applyMigrations(url);
  console.log('migrations applied');
}

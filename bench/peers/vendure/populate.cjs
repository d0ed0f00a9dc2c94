/**
 * Fills the peer's database with @vendure/create's sample shop (54 products, 88 variants),
 * without their images (no asset storage is configured), and builds its search index.
 *
 *   psql postgres://postgres@127.0.0.1:5432/postgres -c 'create database vendure'
 *   npm install && npm run populate
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { bootstrap, JobQueueService } = require('@vendure/core');
const { populate } = require('@vendure/core/cli');
const { parse } = require('csv-parse/sync');
const { config } = require('./config.cjs');

const assets = path.dirname(require.resolve('@vendure/create/assets/products.csv'));
const rows = parse(fs.readFileSync(path.join(assets, 'products.csv')), {
  columns: true,
  trim: true,
});
for (const row of rows) {
  row.assets = '';
  row.variantAssets = '';
}
const quote = (value) => `"${String(value).replaceAll('"', '""')}"`;
const csv = path.join(os.tmpdir(), 'vendure-bench-products.csv');
fs.writeFileSync(
  csv,
  `${[Object.keys(rows[0]).join(','), ...rows.map((r) => Object.values(r).map(quote).join(','))].join('\n')}\n`,
);

populate(
  async () => {
    const app = await bootstrap(config);
    await app.get(JobQueueService).start();
    return app;
  },
  require(path.join(assets, 'initial-data.json')),
  csv,
)
  .then(async (app) => {
    // The import queues the search index's jobs; those left now run when the server starts.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await app.close();
    console.log('populated');
    process.exit(0);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });

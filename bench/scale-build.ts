/**
 * Builds the scale database (bench/lib/scale-db.ts): the demo shops, one shop of 100,000
 * products (300,000 variants, 2,000 categories, 500,000 orders) and 999 shops of 1,000
 * products, into SCALE_DATABASE_URL (default: this machine's Postgres at 127.0.0.1:5432,
 * database `scale`, dropped and made again). Prints the time and the table sizes.
 *
 *   npm run bench:scale:build        (SCALE_SHOPS=1000 SCALE_BIG_PRODUCTS=100000 SCALE_SMALL_PRODUCTS=1000)
 */

import { envInt, loadAverage } from './lib/machine';
import { buildScaleDatabase, SCALE_DATABASE_URL } from './lib/scale-db';

const bigProducts = envInt('SCALE_BIG_PRODUCTS', 100_000, 1_000_000);
const smallProducts = envInt('SCALE_SMALL_PRODUCTS', 1_000, 100_000);
const plan = {
  shops: envInt('SCALE_SHOPS', 1_000, 10_000),
  batch: envInt('SCALE_BATCH', 100, 1_000),
  big: {
    products: bigProducts,
    categories: Math.max(20, bigProducts / 50),
    variantEvery: 1,
    customers: bigProducts,
    orders: bigProducts * 5,
    reviews: bigProducts / 2,
  },
  small: {
    products: smallProducts,
    categories: Math.max(10, smallProducts / 50),
    variantEvery: 4,
    customers: smallProducts / 10,
    orders: smallProducts / 5,
    reviews: smallProducts / 20,
  },
};

const started = performance.now();
const sizes = await buildScaleDatabase(plan, (line) => console.log(line));
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(`\nbuilt ${SCALE_DATABASE_URL} in ${seconds} s (load average ${loadAverage()})\n`);
console.log('| table | rows | of the big shop |\n| --- | ---: | ---: |');
for (const s of sizes) console.log(`| ${s.table} | ${s.rows} | ${s.bigShop} |`);

/**
 * Prints the figures the structure test asserts on:
 * `npx tsx test/node/structure/report.ts`.
 */
import {
  crossModuleSqlImports,
  fileCycles,
  importGraph,
  isMerchantCode,
  isMerchantNamed,
  isQueriesFile,
  merchantLayouts,
  moduleCycles,
  moduleOf,
  sourceFiles,
  storefrontBundleFiles,
} from './graph';
import { ownershipMap, tableReads, tableWrites, unmappedWrites } from './tables';

const files = sourceFiles();
const edges = importGraph(files);
const layouts = merchantLayouts(files);
const byLayout = new Map<string, string[]>();
for (const [m, l] of layouts) byLayout.set(l, [...(byLayout.get(l) ?? []), m]);

console.log(`merchant-side layouts: ${byLayout.size}`);
for (const [l, ms] of byLayout) console.log(`  ${l}: ${ms.join(', ')}`);
const show = (title: string, found: string[][]) => {
  console.log(`${title}: ${found.length}`);
  for (const c of found) console.log(`  ${c.join(' <-> ')}`);
};
show('cycles between modules (runtime imports)', moduleCycles(edges, { types: false }));
show('cycles between modules (with type imports)', moduleCycles(edges));
show('cycles inside a module (runtime imports)', fileCycles(edges, { types: false }));
show('cycles inside a module (with type imports)', fileCycles(edges));
const sql = crossModuleSqlImports(edges);
const sqlFiles = [...new Set(sql.map((e) => e.from))];
console.log(`queries files importing another module's queries or service: ${sqlFiles.length}`);
for (const e of sql) console.log(`  ${e.from} -> ${e.to}`);
const anyOther = edges.filter(
  (e) => isQueriesFile(e.from) && moduleOf(e.to) && moduleOf(e.to) !== moduleOf(e.from),
);
console.log(
  `queries files importing any file of another module: ${new Set(anyOther.map((e) => e.from)).size}`,
);
const bundle = await storefrontBundleFiles();
const withoutMerchant = new Set(
  await storefrontBundleFiles('src/app.ts', { skip: isMerchantCode }),
);
const pulled = bundle.filter((f) => !withoutMerchant.has(f));
const merchant = bundle.filter(isMerchantNamed);
const kit = bundle.filter((f) => f.startsWith('src/admin-kit/') || f === 'src/admin-api.ts');
console.log(`storefront bundle: ${bundle.length} files from src/`);
console.log(`  from src/modules/*/admin*: ${merchant.length}`);
for (const f of merchant) console.log(`    ${f}`);
console.log(`  from src/admin-kit or src/admin-api.ts: ${kit.length}`);
for (const f of kit) console.log(`    ${f}`);
console.log(`  files loaded only through merchant code: ${pulled.length}`);
for (const f of pulled) console.log(`    ${f}`);
const writes = tableWrites(files);
const owners = ownershipMap();
const crossing = writes.filter((w) => owners.get(w.table)?.owner !== w.writer);
console.log(
  `table writes seen: ${writes.length}, by a writer other than the owner: ${crossing.length}`,
);
for (const w of crossing) console.log(`  ${w.writer} -> ${w.table} (${w.file})`);
console.log(`  not named by docs/architecture.md: ${unmappedWrites(writes, owners).length}`);
const reads = tableReads(files.filter((f) => f.startsWith('src/modules/')));
const foreign = new Set(
  reads
    .filter((r) => owners.get(r.table)?.owner !== r.writer)
    .map((r) => `${r.writer} reads ${r.table}`),
);
console.log(`modules' SQL reading a table another owns: ${foreign.size} (module, table) pairs`);
for (const pair of [...foreign].sort()) console.log(`  ${pair}`);

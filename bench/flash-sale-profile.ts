import { Session } from 'node:inspector/promises';
import { byPlace, nodeFile, type Profile, profileWhile } from './lib/cpu-profile';
import { burst, createProduct, soldOf, startShop } from './lib/flash-buyers';
import { descendantsCpu, envInt, loadAverage } from './lib/machine';
import { withCleanup } from './lib/session';

const settings = {
  buyers: envInt('FLASH_BUYERS', 500, 5_000),
  stock: envInt('FLASH_STOCK', 100, 100_000),
  inspectorPort: envInt('FLASH_INSPECTOR_PORT', 9331, 65_535),
};

async function main() {
  await withCleanup(async (register) => {
    const shop = await startShop(register, {
      minify: false,
      inspectorPort: settings.inspectorPort,
    });
    const { origin, apiKey, merchantKey } = shop;
    const product = await createProduct(origin, merchantKey, 'Lamp', settings.stock);

    const node = new Session();
    node.connect();
    await node.post('Profiler.enable');
    await node.post('Profiler.setSamplingInterval', { interval: 200 });
    const loadBefore = loadAverage();
    const before = descendantsCpu();
    await node.post('Profiler.start');
    let answers: Awaited<ReturnType<typeof burst>> | undefined;
    const worked = await profileWhile(
      settings.inspectorPort,
      async () => {
        answers = await burst(origin, apiKey, [product], settings.buyers);
      },
      30,
      'storefront-api',
    );
    const { profile: nodeProfile } = await node.post('Profiler.stop');
    const after = descendantsCpu();
    node.disconnect();
    const sold = await soldOf(shop.databaseUrl, [product]);

    const statuses: Record<string, number> = {};
    for (const a of answers?.answers ?? []) {
      const key = `${a.status}${a.code ? ` ${a.code}` : ''}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    console.log(
      `\n${settings.buyers} buyers of ${settings.stock} units: ${sold.ordersCreated} orders, ` +
        `stock ${sold.finalStock.join(', ')}; ${JSON.stringify(statuses)}; ` +
        `${answers?.seconds.toFixed(2)} s; load ${loadBefore} → ${loadAverage()}`,
    );
    console.log('\n| process | CPU s in the burst | CPU ms per buyer |\n|---|---:|---:|');
    let total = 0;
    for (const [name, cpu] of after) {
      const used = cpu - (before.get(name) ?? 0);
      if (used < 0.05) continue;
      total += used;
      console.log(
        `| ${name} | ${used.toFixed(2)} | ${((1000 * used) / settings.buyers).toFixed(1)} |`,
      );
    }
    console.log(`| all | ${total.toFixed(2)} | ${((1000 * total) / settings.buyers).toFixed(1)} |`);
    console.log(`\nworker isolate: ${worked.totalMs.toFixed(0)} ms sampled, by function`);
    for (const line of worked.lines) {
      console.log(`  ${(100 * line.share).toFixed(1).padStart(5)} %  ${line.name}`);
    }
    console.log('\nthis process (stand-ins and load generator), by place:');
    console.log(byPlace(nodeProfile as unknown as Profile, nodeFile));
  });
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });

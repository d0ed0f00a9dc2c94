/**
 * Where a storefront read spends its CPU: the local stack with the demo shop, the built worker
 * in workerd through Miniflare as `npm run dev` serves it (no wrangler proxy, whose inspector
 * relays every subrequest and which production does not have), and for each read (hit and miss of the list, detail and search, and /livez)
 * a CPU profile of the worker's isolate (workerd's inspector) and of this Node process, which
 * runs the Neon HTTP and Upstash stand-ins and the load generator, taken while autocannon
 * drives the read. Prints the functions with the most self time, grouped by where they live.
 *
 *   npx tsx bench/edge-profile.ts        (PROFILE_DURATION=5 PROFILE_CONNECTIONS=10)
 *
 * A profiled run is slower than an unprofiled one: read the shares, never the throughput.
 */
import { randomUUID } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import autocannon from 'autocannon';
import { byPlace, nodeFile, type Profile, profileWhile } from './lib/cpu-profile';
import { startShop } from './lib/flash-buyers';
import { envInt } from './lib/machine';
import { withCleanup } from './lib/session';

const settings = {
  durationSeconds: envInt('PROFILE_DURATION', 5, 60),
  connections: envInt('PROFILE_CONNECTIONS', 10, 100),
  inspectorPort: envInt('PROFILE_INSPECTOR_PORT', 9332, 65_535),
};

const drive = (url: string, headers: Record<string, string>, unique: boolean) =>
  autocannon({
    url,
    headers,
    connections: settings.connections,
    duration: settings.durationSeconds,
    ...(unique
      ? {
          requests: [
            {
              setupRequest: (req: { path: string }) => ({
                ...req,
                path: `${req.path}${req.path.includes('?') ? '&' : '?'}_cold=${randomUUID()}`,
              }),
            },
          ],
        }
      : {}),
  });

async function main() {
  await withCleanup(async (register) => {
    const shop = await startShop(register, {
      minify: false,
      inspectorPort: settings.inspectorPort,
    });
    const headers = { 'x-api-key': shop.apiKey };
    const base = `${shop.origin}/access/api/v1`;
    const first = (await (await fetch(`${base}/products?limit=1`, { headers })).json()) as {
      products?: { slug?: string }[];
    };
    const slug = first.products?.[0]?.slug ?? 'none';
    const reads: [string, string, boolean][] = [
      ['livez', '/livez', false],
      ['list hit', '/products', false],
      ['list miss', '/products', true],
      ['detail miss', `/products/${slug}`, true],
      ['search miss', '/search?term=shirt', true],
    ];
    const node = new Session();
    node.connect();
    await node.post('Profiler.enable');
    await node.post('Profiler.setSamplingInterval', { interval: 200 });
    for (const [name, path, unique] of reads) {
      await fetch(`${base}${path}`, { headers });
      await node.post('Profiler.start');
      let rps = 0;
      const worked = await profileWhile(
        settings.inspectorPort,
        async () => {
          rps = (await drive(`${base}${path}`, headers, unique)).requests.average;
        },
        25,
        'storefront-api',
      );
      const { profile: nodeProfile } = await node.post('Profiler.stop');
      console.log(`\n## ${name} (${rps.toFixed(0)} req/s while profiled)`);
      console.log(`worker isolate: ${worked.totalMs.toFixed(0)} ms sampled`);
      for (const line of worked.lines) {
        console.log(`  ${(100 * line.share).toFixed(1).padStart(5)} %  ${line.name}`);
      }
      console.log('this process (stand-ins and load generator), by place:');
      console.log(byPlace(nodeProfile as unknown as Profile, nodeFile));
    }
    node.disconnect();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

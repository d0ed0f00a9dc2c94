/**
 * Where a storefront read spends its CPU: the local stack with the demo shop, the built worker
 * in workerd through Miniflare as `npm run dev` serves it (no wrangler proxy, whose inspector
 * relays every subrequest and which production does not have). For each read (hit and miss of
 * the list, detail and search, and /livez), while autocannon drives it:
 *   - CPU profiles of the storefront isolate (workerd's inspector) and of this Node process,
 *     which runs the Neon HTTP and Upstash stand-ins and the load generator: the functions
 *     with the most self time;
 *   - CPU per request by process (/proc): workerd (the worker and Miniflare's own isolates,
 *     its entry and its Cache API, which share the process), Postgres, and this process.
 *     An isolate's profile counts wall time while it is entered, not CPU, so the split
 *     between the isolates of one workerd is not read from profiles.
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
import { descendantsCpu, envInt } from './lib/machine';
import { withCleanup } from './lib/session';

/** The storefront worker's isolate, by its name among the workers Miniflare runs. */
const STOREFRONT_ISOLATE = 'core:user:storefront-api';

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
    const cpuRows: string[] = [];
    for (const [name, path, unique] of reads) {
      await fetch(`${base}${path}`, { headers });
      await node.post('Profiler.start');
      let answered = 0;
      let rps = 0;
      const cpuBefore = descendantsCpu();
      const ownBefore = process.cpuUsage();
      const worked = await profileWhile(
        settings.inspectorPort,
        async () => {
          const result = await drive(`${base}${path}`, headers, unique);
          rps = result.requests.average;
          answered = result.requests.total ?? 0;
        },
        25,
        STOREFRONT_ISOLATE,
      );
      const own = process.cpuUsage(ownBefore);
      const cpuAfter = descendantsCpu();
      const { profile: nodeProfile } = await node.post('Profiler.stop');
      const perRequest = (ms: number) => (ms / Math.max(answered, 1)).toFixed(2);
      const processMs = (comm: string) =>
        1000 * ((cpuAfter.get(comm) ?? 0) - (cpuBefore.get(comm) ?? 0));
      cpuRows.push(
        `| ${name} | ${rps.toFixed(0)} | ${perRequest(processMs('workerd'))} | ${perRequest(processMs('postgres'))} | ${perRequest((own.user + own.system) / 1000)} |`,
      );
      console.log(`\n## ${name} (${rps.toFixed(0)} req/s while profiled)`);
      console.log(
        `storefront isolate: ${worked.totalMs.toFixed(0)} ms sampled, self time by function`,
      );
      for (const line of worked.lines) {
        console.log(`  ${(100 * line.share).toFixed(1).padStart(5)} %  ${line.name}`);
      }
      console.log('this process (stand-ins and load generator), by place:');
      console.log(byPlace(nodeProfile as unknown as Profile, nodeFile));
    }
    node.disconnect();
    console.log(
      [
        '\n## CPU ms per request, by process (/proc; profiled, so compare the rows)\n',
        "| read | req/s | workerd (every isolate: the worker, Miniflare's entry and Cache API) | postgres | this process (stand-ins, load) |",
        '|---|---:|---:|---:|---:|',
        ...cpuRows,
      ].join('\n'),
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

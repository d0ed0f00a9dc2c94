/**
 * `npm run openapi:examples [-- storefront|merchant]`: records real answers of the API's
 * operations from a freshly seeded demo shop and writes them where its OpenAPI document takes
 * its examples from: the storefront's every operation to src/http/docs-examples.json (with code
 * samples), the merchant API's reads and harmless creations to src/http/admin-docs-examples.json.
 * Tests fail when an example no longer matches its operation's schema: then record them again.
 *
 * Each mode starts its own throw-away stack (embedded Postgres unless DATABASE_URL names a
 * server to create a database on), seeds it, serves the worker and calls it; nothing else is
 * touched. Without a mode, both run, each on a fresh shop.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RecordedExample, RecordedExamples } from '../../src/http/docs-openapi';
import { type LocalStack, startLocalStack } from '../local/stack';
import { type BuiltWorker, buildWorker, serveWorker } from '../local/worker';
import { demoObjects, type SeedResult, seedDemo } from '../seed';
import { DEMO_MERCHANT_KEY } from '../seed/keys';
import type { Recorder } from './client';
import { recordJourney } from './journey';
import { recordMerchantJourney } from './merchant';
import { withPublicOrigin } from './redact';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

type Context = { origin: string; stack: LocalStack; seeded: SeedResult; record: Recorder };

/** What each mode calls and where it writes what it recorded. */
const MODES = {
  storefront: {
    output: 'src/http/docs-examples.json',
    journey: ({ origin, stack, seeded, record }: Context) =>
      recordJourney({
        api: `${origin}/access/api/v1`,
        apiKey: seeded.demo.apiKey,
        shopId: seeded.demo.id,
        mailSink: stack.mailSinkUrl,
        paymentsApi: stack.bindings.STRIPE_API_BASE ?? '',
        databaseUrl: stack.databaseUrl,
        record,
      }),
  },
  merchant: {
    output: 'src/http/admin-docs-examples.json',
    journey: ({ origin, seeded, record }: Context) =>
      recordMerchantJourney({
        api: `${origin}/admin/api/v1`,
        merchantKey: seeded.demo.merchantKey ?? DEMO_MERCHANT_KEY,
        record,
      }),
  },
} satisfies Record<string, { output: string; journey(context: Context): Promise<void> }>;

type Mode = keyof typeof MODES;

/** Runs `mode` on a stack of its own and writes its examples, sorted by operation id. */
async function recordMode(mode: Mode, built: BuiltWorker) {
  const { output, journey } = MODES[mode];
  console.log(`${mode}:`);
  const stack = await startLocalStack({ mode: 'test', databaseUrl: process.env.DATABASE_URL });
  try {
    const seeded = await seedDemo(stack.databaseUrl);
    const worker = await serveWorker({ built, bindings: stack.bindings });
    try {
      await worker.putObjects('STORAGE', demoObjects(seeded));
      const examples: RecordedExamples = {};
      const record = (operationId: string, example: RecordedExample) => {
        examples[operationId] = withPublicOrigin(example);
        console.log(`  ${example.status} ${operationId}`);
      };
      await journey({ origin: worker.origin, stack, seeded, record });
      const sorted = Object.fromEntries(
        Object.entries(examples).sort(([a], [b]) => a.localeCompare(b)),
      );
      await writeFile(path.join(ROOT, output), `${JSON.stringify(sorted, null, 2)}\n`);
      // Laid out as the repository's formatter lays out JSON, so `biome check` stays clean.
      execFileSync(path.join(ROOT, 'node_modules/.bin/biome'), ['format', '--write', output], {
        cwd: ROOT,
        stdio: 'ignore',
      });
      console.log(`wrote ${Object.keys(sorted).length} examples to ${output}`);
    } finally {
      await worker.stop();
    }
  } finally {
    await stack.stop();
  }
}

async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((m) => !(m in MODES));
  if (unknown.length > 0) {
    throw new Error(`unknown mode ${unknown.join(', ')}: give ${Object.keys(MODES).join(' or ')}`);
  }
  const modes = (asked.length > 0 ? asked : Object.keys(MODES)) as Mode[];
  const buildDir = await mkdtemp(path.join(tmpdir(), 'api-examples-'));
  try {
    const built = await buildWorker(buildDir);
    for (const mode of modes) await recordMode(mode, built);
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
}

await main();

/**
 * `npm run openapi:examples`: records a real response of every storefront operation from a
 * freshly seeded demo shop and writes them to src/http/docs-examples.json, which the OpenAPI
 * document embeds as its examples and code samples. test/openapi/examples.test.ts fails when
 * an example no longer matches its operation's schema: then record them again.
 *
 * Starts its own throw-away stack (embedded Postgres unless DATABASE_URL names a server to
 * create a database on), seeds it, serves the worker and calls it; nothing else is touched.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RecordedExample, RecordedExamples } from '../../src/http/docs-openapi';
import { startLocalStack } from '../local/stack';
import { buildWorker, serveWorker } from '../local/worker';
import { demoObjects, seedDemo } from '../seed';
import { recordJourney } from './journey';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const OUTPUT = path.join(ROOT, 'src/http/docs-examples.json');

async function main() {
  const buildDir = await mkdtemp(path.join(tmpdir(), 'storefront-examples-'));
  const [stack, built] = await Promise.all([
    startLocalStack({ mode: 'test', databaseUrl: process.env.DATABASE_URL }),
    buildWorker(buildDir),
  ]);
  try {
    const seeded = await seedDemo(stack.databaseUrl);
    const worker = await serveWorker({ built, bindings: stack.bindings });
    try {
      await worker.putObjects('STORAGE', demoObjects(seeded));
      const examples: RecordedExamples = {};
      const record = (operationId: string, example: RecordedExample) => {
        examples[operationId] = example;
        console.log(`  ${example.status} ${operationId}`);
      };
      await recordJourney({
        api: `${worker.origin}/access/api/v1`,
        apiKey: seeded.demo.apiKey,
        shopId: seeded.demo.id,
        mailSink: stack.mailSinkUrl,
        paymentsApi: stack.bindings.STRIPE_API_BASE ?? '',
        databaseUrl: stack.databaseUrl,
        record,
      });
      const sorted = Object.fromEntries(
        Object.entries(examples).sort(([a], [b]) => a.localeCompare(b)),
      );
      await writeFile(OUTPUT, `${JSON.stringify(sorted, null, 2)}\n`);
      console.log(`wrote ${Object.keys(sorted).length} examples to ${path.relative(ROOT, OUTPUT)}`);
    } finally {
      await worker.stop();
    }
  } finally {
    await stack.stop();
    await rm(buildDir, { recursive: true, force: true });
  }
}

await main();

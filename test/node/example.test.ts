import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../scripts/local/stack';
import { buildWorker, type ServedWorker, serveWorker } from '../../scripts/local/worker';
import { seedDemo } from '../../scripts/seed';

/** examples/storefront.ts, run as a theme developer runs it, against the worker and the demo shop. */
describe('examples/storefront.ts', () => {
  let stack: LocalStack;
  let worker: ServedWorker;
  let buildDir: string;

  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(tmpdir(), 'storefront-example-'));
    const [started, built] = await Promise.all([
      startLocalStack({ mode: 'test', databaseUrl: process.env.DATABASE_URL }),
      buildWorker(buildDir),
    ]);
    stack = started;
    await seedDemo(stack.databaseUrl);
    worker = await serveWorker({ built, bindings: stack.bindings });
  }, 300_000);

  afterAll(async () => {
    await worker?.stop();
    await stack?.stop();
    await rm(buildDir, { recursive: true, force: true });
  });

  it('walks from the product list to a review with the typed client', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'examples/storefront.ts'], {
      env: {
        ...process.env,
        STOREFRONT_API: `${worker.origin}/access/api/v1`,
        MAIL_SINK: stack.mailSinkUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).toMatch(/code \d{6} read from/);
    expect(output).toMatch(/order \d+: [\d.]+ in total/);
    expect(output).toMatch(/LINEN5 takes [\d.]+ off/);
    expect(output).toMatch(/reviewed .+ from order \d+: pending/);
  }, 120_000);
});

import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../scripts/local/stack';
import { seedDemo } from '../../scripts/seed';
import { startImageServer } from './image-server';

declare module 'vitest' {
  export interface ProvidedContext {
    workerBindings: Record<string, string>;
    demoShop: { id: string; handle: string; name: string; apiKey: string; merchantKey?: string };
    secondShop: { id: string; handle: string; name: string; apiKey: string };
    mailSinkUrl: string;
    webhookReceiverUrl: string;

    imageServerUrl: string;
  }
}

/**
 * Starts a real Postgres (embedded, or DATABASE_URL's server with a fresh database),
 * the stand-ins in front of it, and seeds the demo shops, before workerd boots.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const stack = await startLocalStack({
    mode: 'test',
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
  });
  const seeded = await seedDemo(stack.databaseUrl);
  project.provide('workerBindings', stack.bindings);
  project.provide('demoShop', seeded.demo);
  project.provide('secondShop', seeded.second);
  project.provide('mailSinkUrl', stack.mailSinkUrl);
  project.provide('webhookReceiverUrl', stack.webhookReceiverUrl);

  const images = await startImageServer();
  project.provide('imageServerUrl', images.url);
  console.log(
    `[test stack] ready in ${Date.now() - started} ms: postgres=${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded'} kv=${stack.bindings.KV_STORE}`,
  );
  return async () => {
    await images.close();
    await stack.stop();
  };
}

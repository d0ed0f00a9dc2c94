import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { IMPORT_MAX_DELIVERIES } from '../../../../../src/modules/imports/jobs';

it('counts an import message’s deliveries as wrangler.toml configures its consumer', async () => {
  const toml = await readFile(new URL('../../../../../wrangler.toml', import.meta.url), 'utf8');
  const consumers = toml.split('[[queues.consumers]]').slice(1);
  const imports = consumers.find((block) => /queue = "product-imports"/.test(block));
  const retries = /max_retries = (\d+)/.exec(imports ?? '')?.[1];
  expect(retries).toBeDefined();
  expect(Number(retries) + 1).toBe(IMPORT_MAX_DELIVERIES);
});

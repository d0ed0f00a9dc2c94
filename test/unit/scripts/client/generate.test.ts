import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_TARGETS, generateClientSchema } from '../../../../scripts/client/generate';

describe('the typed clients (packages/client, the dashboard)', () => {
  for (const target of CLIENT_TARGETS) {
    const name = path.relative(
      path.resolve(import.meta.dirname, '..', '..', '..', '..'),
      target.schemaFile,
    );
    it(`${name} is generated from its committed OpenAPI document (run \`npm run client:generate\`)`, async () => {
      const committed = await readFile(target.schemaFile, 'utf8');
      expect(committed === (await generateClientSchema(target)), `${name} is stale`).toBe(true);
    });
  }
});

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateClientSchema, SCHEMA_FILE } from '../../scripts/client/generate';

describe('the typed client (packages/client)', () => {
  it('is generated from the committed OpenAPI document (run `npm run client:generate`)', async () => {
    const committed = await readFile(SCHEMA_FILE, 'utf8');
    expect(
      committed === (await generateClientSchema()),
      'packages/client/src/schema.ts is stale',
    ).toBe(true);
  });
});

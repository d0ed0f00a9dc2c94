import { inject } from 'vitest';
import * as s from '../../src/db/schema';
import { sha256Hex } from '../../src/lib/crypto';
import type { SettingsDocumentInput } from '../../src/modules/settings/document';
import { testDb } from './db';

export type TestShop = {
  id: string;
  handle: string;
  name: string;
  apiKey: string;
  currencyDigits: number;
};

export type ShopOverrides = Partial<typeof s.shops.$inferInsert> & {
  settings?: SettingsDocumentInput;
  domains?: Array<{ hostname: string; isPrimary?: boolean }>;
};

const unique = () => crypto.randomUUID().replaceAll('-', '').slice(0, 12);

/** Creates an isolated shop with its own storefront key (one per test file, or per test). */
export async function createTestShop(overrides: ShopOverrides = {}): Promise<TestShop> {
  const db = testDb();
  const { settings, domains, ...shopValues } = overrides;
  const handle = shopValues.handle ?? `test-${unique()}`;
  const apiKey = `sf_test_${unique()}${unique()}`;
  const [shop] = await db
    .insert(s.shops)
    .values({ name: `Test shop ${handle}`, ...shopValues, handle })
    .returning();
  if (!shop) throw new Error('could not create the test shop');
  await db.batch([
    db
      .insert(s.apiKeys)
      .values({ shopId: shop.id, keyHash: await sha256Hex(apiKey), prefix: apiKey.slice(0, 12) }),
    db
      .insert(s.shopSettings)
      .values({ shopId: shop.id, document: (settings ?? {}) as Record<string, unknown> }),
    ...(domains ?? []).map((d) =>
      db
        .insert(s.shopDomains)
        .values({ shopId: shop.id, hostname: d.hostname, isPrimary: d.isPrimary ?? false }),
    ),
  ]);
  return { id: shop.id, handle, name: shop.name, apiKey, currencyDigits: shop.currencyDigits };
}

/** The seeded demo shop (read-only in tests: never change its data). */
export const demoShop = () => inject('demoShop');
/** The seeded second shop (read-only in tests). */
export const secondShop = () => inject('secondShop');

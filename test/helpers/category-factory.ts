import * as s from '../../src/db/schema';
import { testDb } from './db';
import { announceChange } from './freshness';

export type CategoryOverrides = Partial<Omit<typeof s.categories.$inferInsert, 'shopId'>>;
export type MediaOverrides = Partial<Omit<typeof s.media.$inferInsert, 'shopId'>>;

let counter = 0;
const next = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Inserts one media row (an image) for the shop. */
export async function createMedia(shopId: string, overrides: MediaOverrides = {}) {
  const [row] = await testDb()
    .insert(s.media)
    .values({
      shopId,
      filename: `image-${next()}.jpg`,
      mimeType: 'image/jpeg',
      sizeBytes: 1234,
      title: 'An image',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('media insert returned nothing');
  await announceChange(shopId);
  return row;
}

/** Inserts one category (published, position 0, unique slug unless given). */
export async function createCategory(shopId: string, overrides: CategoryOverrides = {}) {
  const name = overrides.name ?? `Category ${next()}`;
  const [row] = await testDb()
    .insert(s.categories)
    .values({ shopId, name, slug: `cat-${next()}`, ...overrides })
    .returning();
  if (!row) throw new Error('category insert returned nothing');
  await announceChange(shopId);
  return row;
}

/** Inserts many categories in one statement; `build(i)` gives each one's fields. */
export async function createCategories(
  shopId: string,
  count: number,
  build: (i: number) => CategoryOverrides = () => ({}),
) {
  const prefix = next();
  const rows = await testDb()
    .insert(s.categories)
    .values(
      Array.from({ length: count }, (_, i) => ({
        shopId,
        name: `Bulk ${prefix} ${String(i).padStart(4, '0')}`,
        slug: `bulk-${prefix}-${i}`,
        ...build(i),
      })),
    )
    .returning();
  await announceChange(shopId);
  return rows;
}

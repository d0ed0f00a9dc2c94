import * as s from '../../src/db/schema';
import { testDb } from './db';
import { announceChange } from './freshness';

export type EntryOverrides = Partial<
  Omit<typeof s.contentEntries.$inferInsert, 'shopId' | 'modelId'>
>;

let counter = 0;

/** Inserts a content model; the slug is unique unless given. */
export async function createContentModel(
  shopId: string,
  kind: 'singleton' | 'collection',
  overrides: Partial<Omit<typeof s.contentModels.$inferInsert, 'shopId' | 'kind'>> = {},
) {
  const slug = overrides.slug ?? `${kind}-${Date.now().toString(36)}-${counter++}`;
  const [row] = await testDb()
    .insert(s.contentModels)
    .values({ shopId, kind, name: slug, ...overrides, slug })
    .returning();
  if (!row) throw new Error('content model insert returned nothing');
  await announceChange(shopId);
  return row;
}

/** Inserts one entry of a model (published unless told otherwise). */
export async function createEntry(
  model: { id: string; shopId: string },
  overrides: EntryOverrides = {},
) {
  const [row] = await createEntries(model, [overrides]);
  if (!row) throw new Error('content entry insert returned nothing');
  return row;
}

/** Inserts several entries of a model in one statement (each published unless told otherwise). */
export async function createEntries(model: { id: string; shopId: string }, list: EntryOverrides[]) {
  const rows = await testDb()
    .insert(s.contentEntries)
    .values(
      list.map((overrides) => ({
        shopId: model.shopId,
        modelId: model.id,
        status: 'published' as const,
        data: {},
        ...overrides,
      })),
    )
    .returning();
  await announceChange(model.shopId);
  return rows;
}

import { index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { publicationStatus } from './catalog';
import { createdAt, id, shopId, updatedAt, version } from './columns';

/** One field of a content model: entries are validated against these. */
export type ContentFieldDefinition = { name: string; type: string; required?: boolean };

export const contentModelKind = pgEnum('content_model_kind', ['singleton', 'collection']);

/** A merchant-defined content type; `fields` describes the entry fields for the merchant's editor. */
export const contentModels = pgTable(
  'content_models',
  {
    id: id(),
    shopId: shopId(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    kind: contentModelKind('kind').notNull(),
    fields: jsonb('fields').$type<ContentFieldDefinition[]>().notNull().default([]),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_models_shop_slug_uq').on(t.shopId, t.slug)],
);

/** One record of a content model; `data` holds the merchant's fields, flattened onto the entry in responses. */
export const contentEntries = pgTable(
  'content_entries',
  {
    id: id(),
    shopId: shopId(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => contentModels.id, { onDelete: 'cascade' }),
    status: publicationStatus('status').notNull().default('draft'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('content_entries_shop_model_status_idx').on(t.shopId, t.modelId, t.status, t.createdAt),
  ],
);

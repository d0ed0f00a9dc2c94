import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';
import { FIELD_TYPES, RESERVED_FIELD_NAMES } from './fields';

const FieldSchema = z
  .strictObject({
    name: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'Letters, digits and _, starting with a letter.')
      .refine((name) => !RESERVED_FIELD_NAMES.includes(name), 'Reserved: every entry has it.')
      .openapi({ example: 'headline' }),
    type: z.enum(FIELD_TYPES).openapi({
      description:
        'text and richtext: strings; number; boolean; date (YYYY-MM-DD); datetime (ISO 8601 with offset); url (http(s), mailto:, tel: or a /path); image (give a media id; the entry stores and serves the image object); list (strings); json (any value)',
    }),
    required: z.boolean().default(false),
  })
  .openapi('ContentField');

const fields = z
  .array(FieldSchema)
  .max(100)
  .refine(
    (list) => new Set(list.map((f) => f.name)).size === list.length,
    'Field names must be unique.',
  );

export const ContentModelSchema = z
  .object({
    id: z.string(),
    object: z.literal('content_model'),
    slug: z.string().openapi({ description: 'The storefront serves it at /content/{slug}' }),
    name: z.string(),
    kind: z.enum(['singleton', 'collection']),
    fields: z.array(
      z.object({ name: z.string(), type: z.enum(FIELD_TYPES), required: z.boolean() }),
    ),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('ContentModel');

export type ContentModel = z.infer<typeof ContentModelSchema>;

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes.')
  .max(100)
  .openapi({ example: 'journal' });

export const ContentModelCreateSchema = z
  .strictObject({
    slug,
    name: z.string().trim().min(1).max(200),
    kind: z.enum(['singleton', 'collection']).openapi({
      description: 'A singleton holds one entry (a home hero); a collection many (journal posts)',
    }),
    fields: fields.default([]),
  })
  .openapi('ContentModelCreate');

export const ContentModelUpdateSchema = z
  .strictObject({ slug, name: z.string().trim().min(1).max(200), fields })
  .partial()
  .openapi('ContentModelUpdate', {
    description:
      '`kind` cannot change. New `fields` replace the old: a field left out is removed, with its values, from every entry; a new type or a new required field that an existing entry does not satisfy is refused (409 CONTENT_MODEL_HAS_INVALID_ENTRIES).',
  });

export type ContentModelCreate = z.infer<typeof ContentModelCreateSchema>;
export type ContentModelUpdate = z.infer<typeof ContentModelUpdateSchema>;

export const ContentModelListQuerySchema = ListQuerySchema;
export const ContentModelListSchema = listSchema(ContentModelSchema, 'ContentModelList');
export const DeletedContentModelSchema = deletedSchema('content_model', 'DeletedContentModel');

import { unchanged } from '../../admin-kit/audit';
import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { Db } from '../../db/client';
import { contentModels } from '../../db/schema';
import { ApiError, type ErrorCode, type ErrorDetail } from '../../errors';
import { defined } from '../../lib/defined';
import { definitionsOf, entryProblems, type FieldDefinition } from './fields';
import {
  countEntries,
  dropEntryFields,
  entriesOfModel,
  insertModel,
  type ModelRow,
  models,
  slugTaken,
} from './queries';
import type { ContentModel, ContentModelCreate, ContentModelUpdate } from './schemas';

const TYPE = 'content_model';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  createContentModel: ['CONTENT_MODEL_SLUG_TAKEN'],
  getContentModel: ['CONTENT_MODEL_NOT_FOUND'],
  updateContentModel: [
    'CONTENT_MODEL_NOT_FOUND',
    'CONTENT_MODEL_SLUG_TAKEN',
    'CONTENT_MODEL_HAS_INVALID_ENTRIES',
  ],
  deleteContentModel: ['CONTENT_MODEL_NOT_FOUND', 'CONTENT_MODEL_HAS_ENTRIES'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** A model as the merchant API shows it. */
export function toContentModel(row: ModelRow): ContentModel {
  return {
    id: row.id,
    object: TYPE,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    fields: definitionsOf(row.fields),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listContentModels(db: Db, shopId: string, params: ListParams) {
  const page = await listPage(db, contentModels, shopId, params, (keyset) =>
    models.page(db, keyset),
  );
  return { data: page.rows.map(toContentModel), hasMore: page.hasMore };
}

export async function getContentModel(db: Db, shopId: string, id: string) {
  const row = await models.one(db, shopId, id);
  if (!row) throw new ApiError('CONTENT_MODEL_NOT_FOUND');
  return toContentModel(row);
}

const slugTakenError = (slug: string) =>
  new ApiError('CONTENT_MODEL_SLUG_TAKEN', {
    message: `Another content model of the shop has the slug "${slug}".`,
    details: [{ field: 'slug', message: 'Already used by another model.' }],
  });

export async function createContentModel(w: WriteScope, input: ContentModelCreate) {
  const row = await insertModel(w.tx, { ...input, shopId: w.shop.id });
  if (!row) throw slugTakenError(input.slug);
  const model = toContentModel(row);
  await w.audit({
    action: 'create',
    resourceType: TYPE,
    resourceId: row.id,
    before: null,
    after: model,
  });
  return model;
}

/**
 * New fields must fit every entry the model has (drafts and archived ones too: they may be
 * published later). Fields left out are dropped, with their values; the check is on what
 * remains. Refuses with the number of entries that would not fit and the first problems.
 */
async function checkEntriesFit(w: WriteScope, modelId: string, fields: FieldDefinition[]) {
  const names = new Set(fields.map((f) => f.name));
  const problems: ErrorDetail[] = [];
  let invalid = 0;
  for (const entry of await entriesOfModel(w.tx, w.shop.id, modelId)) {
    const kept = Object.fromEntries(Object.entries(entry.data).filter(([k]) => names.has(k)));
    const found = entryProblems(fields, kept, `entries.${entry.id}`);
    if (found.length === 0) continue;
    invalid += 1;
    if (problems.length < 10) problems.push(...found.slice(0, 10 - problems.length));
  }
  if (invalid > 0) {
    throw new ApiError('CONTENT_MODEL_HAS_INVALID_ENTRIES', {
      message: `${invalid} ${invalid === 1 ? 'entry' : 'entries'} of the model would not fit the new fields; change or delete ${invalid === 1 ? 'it' : 'them'} first.`,
      details: problems,
    });
  }
}

export async function updateContentModel(w: WriteScope, id: string, input: ContentModelUpdate) {
  const current = await models.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('CONTENT_MODEL_NOT_FOUND');
  w.expectVersion(current.version);
  const before = toContentModel(current);
  const values = defined({ slug: input.slug, name: input.name, fields: input.fields });
  if (unchanged(before, toContentModel({ ...current, ...values }))) return before;
  if (
    input.slug &&
    input.slug !== current.slug &&
    (await slugTaken(w.tx, w.shop.id, input.slug, id))
  ) {
    throw slugTakenError(input.slug);
  }
  if (input.fields) {
    await checkEntriesFit(w, id, input.fields);
    const kept = new Set(input.fields.map((f) => f.name));
    const dropped = definitionsOf(current.fields).filter((f) => !kept.has(f.name));
    await dropEntryFields(
      w.tx,
      w.shop.id,
      id,
      dropped.map((f) => f.name),
    );
  }
  const after = toContentModel(await models.update(w.tx, w.shop.id, id, values));
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before, after });
  return after;
}

/** Deletes a model without entries; one that has some is 409 CONTENT_MODEL_HAS_ENTRIES. */
export async function deleteContentModel(w: WriteScope, id: string) {
  const current = await models.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('CONTENT_MODEL_NOT_FOUND');
  w.expectVersion(current.version);
  const entries = await countEntries(w.tx, w.shop.id, id);
  if (entries > 0) {
    throw new ApiError('CONTENT_MODEL_HAS_ENTRIES', {
      message: `The content model has ${entries} ${entries === 1 ? 'entry' : 'entries'}; delete them first.`,
    });
  }
  await models.remove(w.tx, w.shop.id, id);
  await w.audit({
    action: 'delete',
    resourceType: TYPE,
    resourceId: id,
    before: toContentModel(current),
    after: null,
  });
  return { id, object: TYPE, deleted: true as const };
}

import { unchanged } from '../../admin-kit/audit';
import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { Db } from '../../db/client';
import { contentEntries } from '../../db/schema';
import { ApiError, type ErrorCode, type ErrorDetail } from '../../errors';
import { canonicalJson } from '../../lib/canonical-json';
import { definitionsOf, entryProblems, imageIdOf } from '../content-models/fields';
import { countEntries, type ModelRow, models } from '../content-models/queries';
import { imageObjectOf } from '../media/view';
import { type EntryRow, entries, entryPage, imagesOf, modelIdOfEntry } from './queries';
import type { ContentEntryCreate, ContentEntryResource, ContentEntryUpdate } from './schemas';

const TYPE = 'content_entry';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  listContentEntries: ['CONTENT_MODEL_NOT_FOUND'],
  createContentEntry: [
    'CONTENT_MODEL_NOT_FOUND',
    'CONTENT_ENTRY_INVALID',
    'CONTENT_SINGLETON_TAKEN',
  ],
  getContentEntry: ['CONTENT_ENTRY_NOT_FOUND'],
  updateContentEntry: ['CONTENT_ENTRY_NOT_FOUND', 'CONTENT_ENTRY_INVALID'],
  deleteContentEntry: ['CONTENT_ENTRY_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** An entry as the merchant API shows it. */
export function toContentEntry(row: EntryRow): ContentEntryResource {
  return {
    id: row.id,
    object: TYPE,
    model_id: row.modelId,
    status: row.status,
    data: row.data,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listContentEntries(
  db: Db,
  shopId: string,
  modelId: string,
  params: ListParams & { status?: EntryRow['status'] | undefined },
) {
  if (!(await models.one(db, shopId, modelId))) throw new ApiError('CONTENT_MODEL_NOT_FOUND');
  const page = await listPage(db, contentEntries, shopId, params, (keyset) =>
    entryPage(db, keyset, { modelId, status: params.status }),
  );
  return { data: page.rows.map(toContentEntry), hasMore: page.hasMore };
}

export async function getContentEntry(db: Db, shopId: string, id: string) {
  const row = await entries.one(db, shopId, id);
  if (!row) throw new ApiError('CONTENT_ENTRY_NOT_FOUND');
  return toContentEntry(row);
}

const invalid = (details: ErrorDetail[]) =>
  new ApiError('CONTENT_ENTRY_INVALID', {
    message: `The entry does not match its content model: ${details.map((d) => `${d.field}: ${d.message}`).join(' ')}`,
    details,
  });

/**
 * The data to store: null values dropped, checked against the model's fields, and each
 * image field's value (a media id, or an image object read back) replaced by the image
 * object of that image of the shop, as the storefront serves it.
 */
async function validData(w: WriteScope, model: ModelRow, data: Record<string, unknown>) {
  const fields = definitionsOf(model.fields);
  const kept = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null));
  const problems = entryProblems(fields, kept);
  if (problems.length > 0) throw invalid(problems);
  const imageFields = fields.filter((f) => f.type === 'image' && kept[f.name] !== undefined);
  const ids = imageFields.map((f) => imageIdOf(kept[f.name]) as string);
  const found = new Map((await imagesOf(w.tx, w.shop.id, ids)).map((row) => [row.id, row]));
  const missing: ErrorDetail[] = [];
  for (const field of imageFields) {
    const image = found.get(imageIdOf(kept[field.name]) as string);
    if (image) kept[field.name] = imageObjectOf(image);
    else
      missing.push({ field: `data.${field.name}`, message: 'No image of the shop has this id.' });
  }
  if (missing.length > 0) throw invalid(missing);
  return kept;
}

export async function createContentEntry(
  w: WriteScope,
  modelId: string,
  input: ContentEntryCreate,
) {
  // The model is locked first by every entry write, so its fields and a singleton's one
  // entry cannot change underneath.
  const model = await models.lock(w.tx, w.shop.id, modelId);
  if (!model) throw new ApiError('CONTENT_MODEL_NOT_FOUND');
  if (model.kind === 'singleton' && (await countEntries(w.tx, w.shop.id, modelId)) > 0) {
    throw new ApiError('CONTENT_SINGLETON_TAKEN', {
      message: `The singleton model "${model.slug}" already has its entry; change that one instead.`,
    });
  }
  const data = await validData(w, model, input.data);
  const row = await entries.insert(w.tx, w.shop.id, { modelId, status: input.status, data });
  const entry = toContentEntry(row);
  await w.audit({
    action: 'create',
    resourceType: TYPE,
    resourceId: row.id,
    before: null,
    after: entry,
  });
  return entry;
}

/** The entry and its model, locked model first (the order model changes lock in). */
async function lockEntry(w: WriteScope, id: string) {
  const modelId = await modelIdOfEntry(w.tx, w.shop.id, id);
  const model = modelId ? await models.lock(w.tx, w.shop.id, modelId) : null;
  const current = model ? await entries.lock(w.tx, w.shop.id, id) : null;
  if (!model || !current) throw new ApiError('CONTENT_ENTRY_NOT_FOUND');
  w.expectVersion(current.version);
  return { model, current };
}

/** Sets the given fields (null removes one) and the status; the whole result is checked. */
export async function updateContentEntry(w: WriteScope, id: string, input: ContentEntryUpdate) {
  const { model, current } = await lockEntry(w, id);
  const before = toContentEntry(current);
  const data = input.data
    ? await validData(w, model, { ...current.data, ...input.data })
    : undefined;
  // Stored JSON comes back with its keys reordered: compare data whatever the key order.
  const changed = data !== undefined && canonicalJson(data) !== canonicalJson(current.data);
  const values = {
    ...(changed ? { data } : {}),
    ...(input.status ? { status: input.status } : {}),
  };
  if (unchanged(before, toContentEntry({ ...current, ...values }))) return before;
  const after = toContentEntry(await entries.update(w.tx, w.shop.id, id, values));
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before, after });
  return after;
}

export async function deleteContentEntry(w: WriteScope, id: string) {
  const { current } = await lockEntry(w, id);
  await entries.remove(w.tx, w.shop.id, id);
  await w.audit({
    action: 'delete',
    resourceType: TYPE,
    resourceId: id,
    before: toContentEntry(current),
    after: null,
  });
  return { id, object: TYPE, deleted: true as const };
}

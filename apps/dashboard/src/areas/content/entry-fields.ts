/**
 * A content entry's form, generated from its model: one field per model field, by type, and
 * the entry's status. The entry's data is edited under `data.<name>`, which is also how the
 * API names a field in error.
 */
import type { components } from '../../api/schema';
import type { Field, Row } from '../../lib/fields';

type Model = components['schemas']['ContentModel'];
type ModelField = Model['fields'][number];

/** The field types a model may have: the platform's own list. */
export { FIELD_TYPES } from '../../../../../src/modules/content-models/fields';

function fieldOf(f: ModelField): Field {
  const base = { name: `data.${f.name}`, label: f.name, required: f.required };
  switch (f.type) {
    case 'richtext':
      return { ...base, kind: 'html' };
    case 'json':
      return { ...base, kind: 'textarea', hint: 'JSON' };
    case 'number':
      return { ...base, kind: 'number', optional: !f.required };
    case 'boolean':
      return { ...base, kind: 'bool' };
    case 'date':
      return { ...base, kind: 'text', hint: 'YYYY-MM-DD' };
    case 'datetime':
      return { ...base, kind: 'datetime' };
    case 'url':
      return { ...base, kind: 'url' };
    case 'image':
      return { ...base, kind: 'image' };
    case 'list':
      return { ...base, kind: 'list', hint: 'Separated by commas' };
    default:
      return { ...base, kind: 'text' };
  }
}

export const entryFields = (model: Model): Field[] => [
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: [
      { value: 'draft', label: 'Draft' },
      { value: 'published', label: 'Published' },
      { value: 'archived', label: 'Archived' },
    ],
  },
  ...model.fields.map(fieldOf),
];

/** The entry as its form edits it: each data field under `data.<name>`. */
export function entryRecord(model: Model, entry: Row): Row {
  const data = (entry.data ?? {}) as Row;
  const record: Row = { status: entry.status ?? 'draft' };
  for (const f of model.fields) {
    const value = data[f.name];
    record[`data.${f.name}`] =
      f.type === 'json' && value !== undefined ? JSON.stringify(value, null, 2) : value;
  }
  return record;
}

/**
 * The form's body as the API takes it: `{ status, data }`, JSON fields parsed; `details`
 * names the fields that could not be read.
 */
export function entryBody(
  model: Model,
  body: Row,
): { body: Row; details: { field: string; message: string }[] } {
  const data: Row = {};
  const details: { field: string; message: string }[] = [];
  for (const f of model.fields) {
    const key = `data.${f.name}`;
    if (!(key in body)) continue;
    let value = body[key];
    if (f.type === 'json' && typeof value === 'string' && value !== '') {
      try {
        value = JSON.parse(value);
      } catch {
        details.push({ field: key, message: 'Not valid JSON' });
      }
    }
    if (value === '' || value === null) {
      if (!f.required) continue;
    }
    data[f.name] = value;
  }
  return { body: { ...(body.status ? { status: body.status } : {}), data }, details };
}

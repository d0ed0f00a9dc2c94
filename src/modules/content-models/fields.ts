import type { ErrorDetail } from '../../errors';
import { isUuid } from '../../lib/uuid';

/** The types a content model's field may have, and what an entry's value must be. */
export const FIELD_TYPES = [
  'text',
  'richtext',
  'number',
  'boolean',
  'date',
  'datetime',
  'url',
  'image',
  'list',
  'json',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of a model as the merchant API shows it (`required` always present). */
export type FieldDefinition = { name: string; type: FieldType; required: boolean };

/** Names the storefront sets on every entry itself: a field of that name would be hidden. */
export const RESERVED_FIELD_NAMES = ['_id', 'updatedAt'];

const TEXT_MAX = 10_000;
const RICHTEXT_MAX = 200_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const isRealDate = (value: string) => !Number.isNaN(Date.parse(value));
/** A calendar date that exists (2026-02-30 does not: Date would roll it over to March). */
const isRealDay = (value: string) =>
  isRealDate(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

function isUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The media id an image value names: a media id, or an image object (as entries return it). */
export function imageIdOf(value: unknown): string | null {
  if (typeof value === 'string') return isUuid(value) ? value : null;
  if (typeof value === 'object' && value !== null && '_id' in value) {
    const id = (value as { _id: unknown })._id;
    return typeof id === 'string' && isUuid(id) ? id : null;
  }
  return null;
}

/** Why `value` is not a value of `type`, or null when it is one. */
function typeProblem(type: FieldType, value: unknown): string | null {
  switch (type) {
    case 'text':
      return typeof value === 'string' && value.length <= TEXT_MAX
        ? null
        : `Must be a string of at most ${TEXT_MAX} characters.`;
    case 'richtext':
      return typeof value === 'string' && value.length <= RICHTEXT_MAX
        ? null
        : `Must be an HTML string of at most ${RICHTEXT_MAX} characters.`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'Must be a number.';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Must be true or false.';
    case 'date':
      return typeof value === 'string' && DATE.test(value) && isRealDay(value)
        ? null
        : 'Must be a date, YYYY-MM-DD.';
    case 'datetime':
      return typeof value === 'string' && DATETIME.test(value) && isRealDate(value)
        ? null
        : 'Must be an ISO 8601 date and time with its offset, e.g. 2026-01-31T09:30:00Z.';
    case 'url':
      return typeof value === 'string' && value.length <= 2048 && isUrl(value)
        ? null
        : 'Must be an http(s), mailto: or tel: URL, or a path starting with /.';
    case 'image':
      return imageIdOf(value) ? null : 'Must be the id of an image of the shop (see /media).';
    case 'list':
      return Array.isArray(value) &&
        value.length <= 100 &&
        value.every((item) => typeof item === 'string' && item.length <= TEXT_MAX)
        ? null
        : 'Must be a list of at most 100 strings.';
    case 'json':
      return null;
  }
}

/**
 * Everything wrong with an entry's data under a model's fields, each naming its field:
 * unknown fields, missing required fields, values of the wrong type. Null values count as
 * absent. Empty when the data is valid.
 */
export function entryProblems(
  fields: readonly FieldDefinition[],
  data: Record<string, unknown>,
  prefix = 'data',
): ErrorDetail[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const problems: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(data)) {
    const field = byName.get(name);
    if (!field) {
      problems.push({ field: `${prefix}.${name}`, message: 'The model has no such field.' });
      continue;
    }
    const problem = value === null ? null : typeProblem(field.type, value);
    if (problem) problems.push({ field: `${prefix}.${name}`, message: problem });
  }
  for (const field of fields) {
    if (field.required && (data[field.name] === undefined || data[field.name] === null)) {
      problems.push({ field: `${prefix}.${field.name}`, message: 'This field is required.' });
    }
  }
  return problems;
}

/** A model's stored fields as definitions (stored fields may lack `required`). */
export const definitionsOf = (
  stored: ReadonlyArray<{ name: string; type: string; required?: boolean }>,
): FieldDefinition[] =>
  stored.map((f) => ({ name: f.name, type: f.type as FieldType, required: f.required ?? false }));

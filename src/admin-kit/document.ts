import { type RecordedExamples, showRecordedExample } from '../http/docs-openapi';
import { FIELD_EXAMPLES, SCHEMA_FIELD_EXAMPLES } from './examples';

/**
 * Completes the merchant API's generated OpenAPI document in place, so its reference teaches
 * with the shop's own values: every text field without an example of its own takes the one
 * `examples.ts` gives its name, and each list's `url` is its own path. An operation recorded
 * from the demo shop (`npm run openapi:examples`, src/http/admin-docs-examples.json) shows that
 * answer as its example; the others show the one renderers build from these field examples.
 */

type Json = Record<string, unknown>;
/** A JSON Schema of the document, as far as completing it needs. */
export type Schema = Json & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  additionalProperties?: Schema | boolean;
};
type Parameter = Json & { name?: string; schema?: Schema };
type Operation = Json & {
  operationId?: string;
  responses?: Record<string, Json>;
  parameters?: Parameter[];
};
type Document = Json & {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/**
 * What a renderer shows instead of inventing "string": an example, a constant, a format. A
 * default (often "") is no example: the table's value is shown beside it.
 */
const SPEAKS_FOR_ITSELF = ['example', 'examples', 'const', 'enum', 'format'];

const isText = (schema: Schema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** The example of field `name` of schema `owner`, if the table has one. */
export const exampleFor = (owner: string, name: string): string | undefined =>
  SCHEMA_FIELD_EXAMPLES[`${owner}.${name}`] ?? FIELD_EXAMPLES[name];

/**
 * A nullable reference given metadata of its own is generated as `allOf: [{ $ref }, { type:
 * [..., "null"] }]`, which no null satisfies (the reference must hold too): rewritten in place
 * as `anyOf: [{ $ref }, { type: "null" }]`, the metadata kept beside it.
 */
function fixNullableRef(schema: Schema): void {
  const [ref, meta, ...rest] = schema.allOf ?? [];
  const types = meta?.type;
  if (!ref?.$ref || !meta || rest.length > 0 || !Array.isArray(types) || !types.includes('null')) {
    return;
  }
  const { type: _type, ...kept } = meta;
  delete schema.allOf;
  Object.assign(schema, kept, { anyOf: [ref, { type: 'null' }] });
}

/** Gives `schema` (field `name` of `owner`) and what it nests their examples. */
function fillExamples(schema: Schema, owner: string, name: string | null): void {
  if (schema.$ref) return;
  fixNullableRef(schema);
  const example = name === null ? undefined : exampleFor(owner, name);
  if (isText(schema) && example !== undefined && !SPEAKS_FOR_ITSELF.some((k) => k in schema)) {
    schema.example = example;
  }
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    fillExamples(property, owner, field);
  }
  if (schema.items) fillExamples(schema.items, owner, name);
  for (const branch of [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ]) {
    fillExamples(branch, owner, name);
  }
  if (typeof schema.additionalProperties === 'object') {
    fillExamples(schema.additionalProperties, owner, name);
  }
}

/** The schema of a list answer (`object: "list"`), by component name, or null. */
function listComponent(doc: Document, operation: Operation): string | null {
  const content = operation.responses?.['200']?.content as Record<string, Json> | undefined;
  const ref = (content?.['application/json']?.schema as Schema | undefined)?.$ref;
  if (!ref) return null;
  const schema = doc.components?.schemas?.[refName(ref)];
  const object = schema?.properties?.object;
  const isList = object?.const === 'list' || object?.enum?.[0] === 'list';
  return isList ? refName(ref) : null;
}

/** A path as a client calls it: its parameters filled with example ids. */
const calledPath = (base: string, path: string) =>
  `${base}${path.replace(/\{[^}]+\}/g, () => FIELD_EXAMPLES.id ?? 'id')}`;

/**
 * Sets each list's `url` example to the path it is listed at. Two lists sharing one schema
 * could not both be right: that is a mistake in the declarations, reported at once.
 */
function fillListUrls(doc: Document, base: string): void {
  const owners = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const name = item.get && listComponent(doc, item.get);
    if (!name) continue;
    const earlier = owners.get(name);
    if (earlier && earlier !== path) {
      throw new Error(`the list schema ${name} answers both ${earlier} and ${path}: name each`);
    }
    owners.set(name, path);
    const url = doc.components?.schemas?.[name]?.properties?.url;
    if (url) url.example = calledPath(base, path);
  }
}

/** Completes the generated document (see the top of this file); returns it. */
export function describeAdminDocument<T extends object>(
  generated: T,
  base: string,
  recorded: RecordedExamples = {},
): T {
  const doc = generated as Document;
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    fillExamples(schema, name, null);
  }
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const example = recorded[operation.operationId ?? ''];
      if (example) showRecordedExample(operation, example);
      for (const parameter of operation.parameters ?? []) {
        if (parameter.schema) fillExamples(parameter.schema, 'parameter', parameter.name ?? null);
      }
      for (const response of Object.values(operation.responses ?? {})) {
        for (const media of Object.values((response.content ?? {}) as Record<string, Json>)) {
          if (media.schema) fillExamples(media.schema as Schema, 'inline', null);
        }
      }
    }
  }
  fillListUrls(doc, base);
  return generated;
}

import { describe, expect, it } from 'vitest';
import type { Schema } from '../../src/admin-kit/document';
import { DOCUMENT_SECTIONS } from '../../src/modules/settings/admin-schemas';
import { readSettingsDocument } from '../../src/modules/settings/document';
import { call } from '../helpers/api';
import { adminCall } from '../helpers/merchant';

type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Document = {
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/**
 * The example a reference renderer builds for a schema, as Scalar and Redoc do: the declared
 * example, else a constant or the first enum value, else one made up from the type, which for
 * text is the placeholder "string" (a format gives a sample of its own). Each placeholder's
 * place is pushed to `placeholders`.
 */
function exampleOf(
  doc: Document,
  schema: Schema,
  at: string,
  placeholders: string[],
  seen: Set<string> = new Set(),
): unknown {
  if (schema.$ref) {
    const name = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
    if (seen.has(name)) return {};
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`${at}: no schema ${name}`);
    return exampleOf(doc, target, at, placeholders, new Set([...seen, name]));
  }
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples)) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((s) => exampleOf(doc, s, at, placeholders, seen)));
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const branch = branches.find((b) => b.type !== 'null') ?? branches[0];
    return branch ? exampleOf(doc, branch, at, placeholders, seen) : null;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null') ?? types[0];
  if (schema.properties || type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([field, s]) => [
        field,
        exampleOf(doc, s, `${at}.${field}`, placeholders, seen),
      ]),
    );
  }
  if (type === 'array') {
    return schema.items ? [exampleOf(doc, schema.items, `${at}[]`, placeholders, seen)] : [];
  }
  if (type === 'string') {
    if (typeof schema.format === 'string') return `<${schema.format}>`;
    placeholders.push(at);
    return 'string';
  }
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return true;
  return null;
}

/** Every success response's example that shows a placeholder, as `operationId status: where`. */
function placeholdersOf(doc: Document): string[] {
  const found: string[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2')) continue;
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (!media.schema) continue;
          const places: string[] = [];
          const example = exampleOf(doc, media.schema, '', places);
          if (JSON.stringify(example).includes('"string"')) {
            found.push(`${operation.operationId} ${status} ${type}: ${places.join(', ') || '?'}`);
          }
        }
      }
    }
  }
  return found;
}

/** The lists whose `url` example is not the path they are listed at. */
function wrongListUrls(doc: Document): string[] {
  const wrong: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const ref = item.get?.responses['200']?.content?.['application/json']?.schema?.$ref;
    const schema = ref ? doc.components.schemas[ref.slice(ref.lastIndexOf('/') + 1)] : undefined;
    if (schema?.properties?.object?.enum?.[0] !== 'list') continue;
    const own = new RegExp(`^/admin/api/v1${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const url = schema.properties.url?.example;
    if (typeof url !== 'string' || !own.test(url)) wrong.push(`${path}: ${String(url)}`);
  }
  return wrong;
}

const fetchDocument = async () => {
  const res = await adminCall('/openapi.json');
  expect(res.status).toBe(200);
  return res.body as Document;
};

describe('the merchant API reference', () => {
  it('shows no placeholder "string" in any operation’s response example', async () => {
    expect(placeholdersOf(await fetchDocument())).toEqual([]);
  });

  it('shows each list’s own path as its url', async () => {
    const doc = await fetchDocument();
    expect(wrongListUrls(doc)).toEqual([]);
    const lists = Object.values(doc.components.schemas).filter(
      (s) => s.properties?.object?.enum?.[0] === 'list',
    );
    const urls = lists.map((s) => s.properties?.url?.example);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain('/admin/api/v1/products');
    expect(urls).toContain(
      '/admin/api/v1/webhook-endpoints/0b9e7c3a-5d2f-4e1b-8a6c-3f7d9e2b4c1a/deliveries',
    );
  });

  it('gives every settings section a schema with each of its fields', async () => {
    const doc = await fetchDocument();
    const settings = doc.components.schemas.MerchantSettings;
    const defaults = readSettingsDocument({});
    for (const section of DOCUMENT_SECTIONS) {
      const ref = settings?.properties?.[section]?.$ref ?? '';
      const schema = doc.components.schemas[ref.slice(ref.lastIndexOf('/') + 1)];
      expect(schema, section).toBeDefined();
      const value = defaults[section];
      if (Array.isArray(value)) {
        expect(schema?.type, section).toBe('array');
        expect(Object.keys(schema?.items?.properties ?? {}).length, section).toBeGreaterThan(0);
      } else {
        expect(Object.keys(schema?.properties ?? {}).sort(), section).toEqual(
          Object.keys(value).sort(),
        );
      }
    }
  });

  it('teaches: its guide covers keys, sign-in, amounts, idempotency, If-Match, pages, errors, webhooks and imports', async () => {
    const { description } = (await fetchDocument()).info;
    const sections = [...description.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual([
      'Getting started',
      'Keys and scopes',
      'Staff sign-in (the dashboard)',
      'Amounts in minor units',
      'Idempotency',
      'Versions: ETag and If-Match',
      'Pagination',
      'Errors',
      'Webhooks',
      'Imports',
    ]);
    for (const fact of ['catalogue:write', 'order.created', 'webhook-signature', '412', 'whsec_']) {
      expect(description).toContain(fact);
    }
    expect((await call('http://storefront.test/admin/docs')).status).toBe(200);
  });

  it('the checks find what they look for', () => {
    const doc: Document = {
      info: { description: '' },
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            responses: {
              200: { content: { 'application/json': { schema: { $ref: '#/x/ThingList' } } } },
            },
          },
        },
      },
      components: {
        schemas: {
          ThingList: {
            type: 'object',
            properties: {
              object: { type: 'string', enum: ['list'] },
              url: { type: 'string', example: '/admin/api/v1/shipping-rates' },
              data: { type: 'array', items: { $ref: '#/x/Thing' } },
            },
          },
          Thing: { type: 'object', properties: { name: { type: ['string', 'null'] } } },
        },
      },
    };
    expect(placeholdersOf(doc)).toEqual(['listThings 200 application/json: .data[].name']);
    expect(wrongListUrls(doc)).toEqual(['/things: /admin/api/v1/shipping-rates']);
  });
});

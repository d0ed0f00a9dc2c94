import type { z } from '@hono/zod-openapi';
import { ADMIN_BASE, createAdminOpenApi } from '../../src/admin-api';
import { createApp } from '../../src/app';

/** One declared operation: how to recognise its URL and what it may answer. */
type Operation = {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

let operations: Operation[] | undefined;

/** Every route the application declares, the most specific paths first. */
function declaredOperations(): Operation[] {
  if (operations) return operations;
  const found: Operation[] = [];
  // The merchant API keeps a registry (and document) of its own, with paths below its base.
  const registries = [
    { base: '', definitions: createApp().openAPIRegistry.definitions },
    { base: ADMIN_BASE, definitions: createAdminOpenApi().openAPIRegistry.definitions },
  ];
  for (const { base, definitions } of registries) {
    for (const definition of definitions) {
      if (definition.type !== 'route') continue;
      const { method, responses } = definition.route;
      const path = `${base}${definition.route.path}`;
      const params = (path.match(/\{[^}]+\}/g) ?? []).length;
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
      found.push({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${source}/?$`),
        params,
        responses: responses as Operation['responses'],
      });
    }
  }
  operations = found.sort((a, b) => a.params - b.params);
  return operations;
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * Paths of object keys in `value` that `schema` does not declare (the contract is exact:
 * a response may not carry fields its schema does not name). Objects declared open
 * (`catchall`/`loose`) allow any key.
 */
export function undeclaredKeys(schema: unknown, value: unknown, path = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return value == null ? [] : undeclaredKeys(def.innerType, value, path);
    case 'pipe':
      return undeclaredKeys(def.in, value, path);
    case 'lazy':
      return undeclaredKeys((def.getter as () => unknown)(), value, path);
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((item, i) => undeclaredKeys(def.element, item, `${path}.${i}`))
        : [];
    case 'union': {
      const candidates = (def.options as unknown[]).map((option) =>
        (option as z.ZodType).safeParse(value).success ? undeclaredKeys(option, value, path) : null,
      );
      const fitting = candidates.filter((c): c is string[] => c !== null);
      return fitting.length === 0 ? [] : fitting.reduce((a, b) => (a.length <= b.length ? a : b));
    }
    case 'record':
      return value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) =>
            undeclaredKeys(def.valueType, v, `${path}.${k}`),
          )
        : [];
    case 'object':
      return objectKeys(def, value, path);
    default:
      return [];
  }
}

function objectKeys(def: Def, value: unknown, path: string): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const shape = def.shape as Record<string, unknown>;
  const open = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
  return Object.entries(value).flatMap(([key, inner]) => {
    const declared = shape[key];
    if (declared === undefined) return open ? [] : [`${path}.${key}`];
    return undeclaredKeys(declared, inner, `${path}.${key}`);
  });
}

/**
 * Checks a response against its route's declaration: the status must be declared, and a
 * JSON body must match the declared schema exactly (an error's code must be one the
 * route lists). Throws a readable error otherwise. Unknown routes (404s) are skipped.
 */
export function checkResponse(
  method: string,
  pathname: string,
  response: { status: number; contentType: string | null; body: unknown },
) {
  const operation = declaredOperations().find(
    (op) => op.method === method && op.pattern.test(pathname),
  );
  if (!operation) return;
  const where = `${method} ${operation.path} → ${response.status}`;
  const declared = operation.responses[String(response.status)];
  if (!declared) {
    throw new Error(`${where}: status not declared; body ${JSON.stringify(response.body)}`);
  }
  if (!response.contentType?.includes('json')) return;
  const schema = declared.content?.['application/json']?.schema as z.ZodType | undefined;
  if (!schema) throw new Error(`${where}: JSON answered where none is declared`);
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) {
    throw new Error(
      `${where}: body does not match its declared schema: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`,
    );
  }
  const extra = undeclaredKeys(schema, response.body);
  if (extra.length > 0) {
    throw new Error(`${where}: body carries undeclared fields ${extra.slice(0, 10).join(', ')}`);
  }
}

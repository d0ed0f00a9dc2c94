import { z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiError, type ErrorCode } from '../errors';
import { jsonBodyOf } from '../http/json-body';
import { requireMerchant } from '../http/merchant';
import { defineRoute, guarded, type RouteDeclaration } from '../http/route';
import type { MerchantScope } from '../identity/merchant-scopes';

/** Errors every write may answer (merchantWrite), besides the verb's own. */
const WRITE_ERRORS: ErrorCode[] = ['IDEMPOTENCY_KEY_INVALID', 'IDEMPOTENCY_KEY_REUSED'];

const idempotencyKeyHeader = z
  .string()
  .optional()
  .openapi({
    param: { name: 'idempotency-key', in: 'header' },
    description:
      'Makes a retry safe: for 24 hours the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`); with another request it is refused',
  });

const ifMatchHeader = z
  .string()
  .optional()
  .openapi({
    param: { name: 'if-match', in: 'header' },
    description:
      'The resource\'s ETag as you read it, e.g. `"3"`: the write is refused with 412 when the resource has changed since',
  });

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A merchant API route: a route declaration plus what the platform adds. */
export type AdminRouteConfig = Omit<RouteDeclaration, 'method' | 'middleware' | 'tags'> & {
  method: Method;
  /** The tag of the resource's module, as `src/admin-api.ts` declares it. */
  tag: string;
  /** What the operation does and when to use it, in the reference page (required). */
  description: string;
  /**
   * The scope a key or a staff role needs for this call (`settings:write` also allows
   * `settings:read` routes); null: any credential of the shop.
   */
  scope: MerchantScope | null;
  /** The resource is versioned: declares `If-Match` and 412 PRECONDITION_FAILED. */
  ifMatch?: boolean;
};

type Declared<C extends AdminRouteConfig> = Omit<C, 'scope' | 'tag' | 'ifMatch' | 'raises'> & {
  tags: string[];
  security: Array<Record<string, string[]>>;
  middleware: ReturnType<typeof requireMerchant>;
  getRoutingPath(): string;
};

/** The query parameters a route declares (its query schema's keys). */
const queryParamsOf = (query: unknown): string[] =>
  query && typeof query === 'object' && 'shape' in query
    ? Object.keys((query as { shape: object }).shape)
    : [];

/**
 * Refuses a query parameter the route does not declare, as Stripe does: 422
 * VALIDATION_FAILED naming each one, instead of silently answering as if it were not there
 * (a misspelt filter would otherwise return everything).
 */
const onlyDeclaredQuery = (known: readonly string[]) =>
  guarded(
    createMiddleware<AppEnv>(async (c, next) => {
      const names = [...new Set(new URL(c.req.url).searchParams.keys())];
      const unknown = names.filter((name) => !known.includes(name));
      if (unknown.length > 0) {
        const takes = known.length > 0 ? `takes ${known.join(', ')}` : 'takes no query parameters';
        throw new ApiError('VALIDATION_FAILED', {
          message: `Unknown query parameter: ${unknown.join(', ')}.`,
          details: unknown.map((name) => ({
            field: name,
            message: `Unknown query parameter; this call ${takes}.`,
          })),
        });
      }
      await next();
    }),
    { raises: ['VALIDATION_FAILED'] },
  );

/**
 * Refuses a write whose JSON body is malformed (400 INVALID_JSON) before anything runs,
 * whether or not the route reads a body; an empty one passes (an optional body left out).
 */
const wellFormedJson = guarded(
  createMiddleware<AppEnv>(async (c, next) => {
    await jsonBodyOf(c);
    await next();
  }),
  { raises: ['INVALID_JSON'] },
);

/**
 * Declares a merchant API route; the one way to do so. On top of defineRoute (which
 * derives the documented errors and security from the middleware and `raises`), it adds
 * the middleware enforcing key, rate limit and scope (the security requirement names the
 * scope, so the document says what each call needs), and for writes the `Idempotency-Key`
 * header (with `ifMatch`, also `If-Match`) and their errors.
 */
export function adminRoute<const C extends AdminRouteConfig>(config: C) {
  const { scope, tag, ifMatch = false, raises = [], ...route } = config;
  const writes = route.method !== 'get';
  // Uploads (CSV, images, files) stream their own body: only JSON bodies, or none, are checked.
  const body = (route.request as { body?: { content?: object } } | undefined)?.body;
  const checksJson = writes && (!body || 'application/json' in (body.content ?? {}));
  const headers = z.object({
    'idempotency-key': idempotencyKeyHeader,
    ...(ifMatch ? { 'if-match': ifMatchHeader } : {}),
  });
  return defineRoute({
    ...route,
    tags: [tag],
    middleware: [
      ...requireMerchant(scope),
      onlyDeclaredQuery(queryParamsOf(route.request?.query)),
      ...(checksJson ? [wellFormedJson] : []),
    ] as unknown as ReturnType<typeof requireMerchant>,
    request: writes ? { ...route.request, headers } : route.request,
    raises: [
      ...raises,
      ...(writes ? WRITE_ERRORS : []),
      ...(ifMatch ? (['PRECONDITION_FAILED'] as const) : []),
    ],
  }) as unknown as Declared<C>;
}

/** A path parameter `{id}`: a resource id (an id that names nothing is the resource's 404). */
export const IdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '0e9b…' }),
});

/** A JSON success response of a single resource, which carries its ETag. */
export const resourceContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  headers: {
    ETag: {
      description: 'The version of the resource, for If-Match',
      schema: { type: 'string' as const },
    },
  },
  content: { 'application/json': { schema } },
});

/** What a DELETE answers: `{ id, object, deleted: true }` (Stripe). */
export const deletedSchema = (object: string, name: string) =>
  z.object({ id: z.string(), object: z.literal(object), deleted: z.literal(true) }).openapi(name);

/** Timestamps as every resource shows them: ISO 8601, UTC. */
export const timestamp = () => z.string().openapi({ example: '2026-01-31T09:30:00.000Z' });

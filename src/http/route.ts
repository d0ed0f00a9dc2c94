import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ErrorCode } from '../errors';
import { edgeCache } from './edge-cache';
import type { CachePolicy } from './http-cache';
import { errorResponsesFor, isRateLimited, RATE_LIMIT_HEADERS } from './openapi';

/** An OpenAPI security requirement, e.g. `{ ApiKey: [] }`. */
export type SecurityRequirement = Record<string, string[]>;

/**
 * What a middleware adds to every route it guards: the error codes it can answer and,
 * when it reads credentials, the security requirements it enforces (alternatives: any
 * one of them satisfies it).
 */
export type Guard = {
  raises: readonly ErrorCode[];
  security?: SecurityRequirement[];
  /** Request headers that decide whom the answer is for (the `Vary` of a cacheable answer). */
  vary?: readonly string[];
};

// biome-ignore lint/suspicious/noExplicitAny: a guard may sit on any router's middleware
type AnyMiddleware = MiddlewareHandler<any>;

const guards = new WeakMap<AnyMiddleware, Guard>();

/** Declares the codes (and credentials) of a middleware, so routes using it document them. */
export function guarded<M extends AnyMiddleware>(middleware: M, guard: Guard): M {
  guards.set(middleware, guard);
  return middleware;
}

/** The codes and credentials a middleware declared with `guarded`, if any. */
export const guardOf = (middleware: AnyMiddleware): Guard | undefined => guards.get(middleware);

/** Fields whose failure has a code of its own, first listed first: `[['term', 'INVALID_SEARCH_QUERY']]`. */
export type FieldCodes = ReadonlyArray<readonly [field: string, code: ErrorCode]>;

/** How a route answers a request that fails validation. */
export type ValidationCodes = { code: ErrorCode; fields: FieldCodes };

const validationCodes = new WeakMap<object, ValidationCodes>();

/** The codes a route answers when its request fails validation. */
export const validationCodesOf = (route: object): ValidationCodes =>
  validationCodes.get(route) ?? { code: 'VALIDATION_FAILED', fields: [] };

/** Every requirement of `a` combined with every one of `b` (both must hold). */
const both = (a: SecurityRequirement[], b: SecurityRequirement[]) =>
  a.flatMap((x) => b.map((y) => ({ ...x, ...y })));

const middlewareOf = (config: Pick<RouteConfig, 'middleware'>): AnyMiddleware[] => {
  const list = config.middleware;
  if (!list) return [];
  return (Array.isArray(list) ? list : [list]) as AnyMiddleware[];
};

/** Errors any route can answer: a dependency down, or a fault of ours. */
const ALWAYS: ErrorCode[] = ['SERVICE_UNAVAILABLE', 'INTERNAL_ERROR'];
/** Errors of any route that reads a JSON body (a body of another media type is VALIDATION_FAILED). */
const BODY_ERRORS: ErrorCode[] = ['INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED'];

export type RouteDeclaration = RouteConfig & {
  /** The codes the route's service can raise (export them beside the service's verbs). */
  raises?: readonly ErrorCode[];
  /** The code a request that fails validation is answered with (default VALIDATION_FAILED). */
  validationCode?: ErrorCode;
  /** Fields answered with a code of their own when they fail (the first listed that failed). */
  fieldCodes?: FieldCodes;
  /**
   * The answer is public and the same for every caller of the shop: cached at the edge per
   * shop generation, with an ETag and this Cache-Control (src/http/edge-cache.ts).
   */
  cache?: CachePolicy;
};

/** What a cacheable read answers to an `If-None-Match` naming its current ETag. */
const NOT_MODIFIED = {
  304: {
    description:
      'Not modified: the `If-None-Match` request header names the current `ETag`; no body.',
    headers: {
      ETag: {
        description: 'The strong validator of the current answer.',
        schema: { type: 'string' as const },
      },
    },
  },
};

/** The credentials that make an answer personal: such a route is never cached. */
const PERSONAL_SECURITY = ['CustomerToken'];

/**
 * The route's middleware followed by its edge cache, when it declares one. Refuses a route
 * that is both cached and personal, and derives `Vary` from the guards.
 */
function withEdgeCache(
  path: string,
  middleware: AnyMiddleware[],
  routeGuards: Guard[],
  policy: CachePolicy | undefined,
): AnyMiddleware[] {
  if (!policy) return middleware;
  const personal = routeGuards.some((g) =>
    g.security?.some((req) => Object.keys(req).some((name) => PERSONAL_SECURITY.includes(name))),
  );
  if (personal) throw new Error(`route ${path} reads a customer token and cannot be cached`);
  const vary = [...new Set(routeGuards.flatMap((g) => g.vary ?? []))];
  return [...middleware, edgeCache(policy, vary)];
}

/** The responses of a rate-limited operation, each documenting the rate-limit headers. */
function withRateLimitHeaders(responses: RouteConfig['responses']): RouteConfig['responses'] {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if ('$ref' in response) return [status, response];
      const headers = { ...RATE_LIMIT_HEADERS, ...response.headers };
      return [status, { ...response, headers }];
    }),
  );
}

/**
 * Declares a route whose documented errors and security are derived, never listed by hand:
 * the codes of its guarded middleware, of its service (`raises`), of validation, and those
 * every route can answer; the security requirements of its middleware (none: public).
 * The router answers validation failures with the declared `validationCode`.
 */
export function defineRoute<const D extends RouteDeclaration>(declaration: D) {
  const {
    raises = [],
    validationCode = 'VALIDATION_FAILED',
    fieldCodes = [],
    cache,
    ...config
  } = declaration;
  const routeGuards = middlewareOf(config).flatMap((m) => guardOf(m) ?? []);
  const middleware = withEdgeCache(config.path, middlewareOf(config), routeGuards, cache);
  const codes: ErrorCode[] = [
    ...routeGuards.flatMap((g) => g.raises),
    ...raises,
    validationCode,
    ...fieldCodes.map(([, code]) => code),
    ...(config.request?.body ? BODY_ERRORS : []),
    ...ALWAYS,
  ];
  const security = routeGuards
    .flatMap((g) => (g.security ? [g.security] : []))
    .reduce<SecurityRequirement[]>((all, next) => both(all, next), [{}]);
  const unguarded = security.length === 1 && Object.keys(security[0] ?? {}).length === 0;
  const route = createRoute({
    ...(config as Omit<D, 'raises' | 'validationCode' | 'fieldCodes' | 'cache'>),
    // Credentials checked by middleware are derived; a route with none may name what its
    // service checks itself (a provider's webhook signature), else it is public.
    security: unguarded ? (config.security ?? []) : security,
    responses: {
      ...(isRateLimited(codes) ? withRateLimitHeaders(config.responses) : config.responses),
      ...(cache && config.method === 'get' ? NOT_MODIFIED : {}),
      ...errorResponsesFor(codes),
    },
  });
  // The edge cache runs after the guards (it keys on the shop they resolved); the route's
  // declared middleware type is unchanged, the cache adding nothing to the context.
  if (cache) Object.assign(route, { middleware });
  validationCodes.set(route, { code: validationCode, fields: fieldCodes });
  return route;
}

import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, MerchantContext, ShopContext } from '../app-env';
import type { Db } from '../db/client';
import { jsonContent } from '../http/openapi';
import type { createRouter } from '../http/router';
import { setEtag } from './concurrency';
import { toList } from './list';
import { type AdminRouteConfig, adminRoute, resourceContent } from './route';
import { merchantWrite, type WriteOptions, type WriteScope } from './write';

/**
 * One merchant verb, declared and ready to mount: the route (an adminRoute) and the handler
 * the kit writes for it. `mount` puts verbs on a router, in the order given.
 */
export type AdminVerb = {
  readonly route: object;
  readonly handler: (c: Context<AppEnv>) => Promise<Response>;
};

type Router = ReturnType<typeof createRouter>;

/** Mounts verbs on a router in the order given (the order the document lists them in). */
export function mount(router: Router, ...verbs: AdminVerb[]): Router {
  // The routes are built from generic schemas, which the typed handlers cannot follow; each
  // handler reads what its route validated and answers what its route declares.
  for (const { route, handler } of verbs) router.openapi(route as never, handler as never);
  return router;
}

type Request = NonNullable<AdminRouteConfig['request']>;
type Out<R, K extends string> = R extends { [k in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;
type Body<R> = R extends { body: { content: { 'application/json': { schema: infer S } } } }
  ? S extends z.ZodType
    ? z.output<S>
    : never
  : undefined;

/** What a read verb is given: the shop's database, the shop, and the validated request. */
export type ReadInput<R> = {
  db: Db;
  shop: ShopContext;
  params: Out<R, 'params'>;
  query: Out<R, 'query'>;
  c: Context<AppEnv>;
};

/** What a write verb is given besides its WriteScope: the validated request and the caller. */
export type WriteInput<R> = {
  params: Out<R, 'params'>;
  query: Out<R, 'query'>;
  body: Body<R>;
  caller: MerchantContext;
  c: Context<AppEnv>;
};

/**
 * What every verb's declaration takes: adminRoute's, less what the verb decides (method,
 * responses, If-Match), plus the schema of its answer and the answer's description.
 */
type VerbConfig<R extends Request> = Omit<
  AdminRouteConfig,
  'method' | 'request' | 'responses' | 'ifMatch'
> & {
  request?: R;
  /** The schema of the answer (the list schema for a list). */
  schema: z.ZodType;
  /** The description of the answer, e.g. `A page of orders`, `The order`. */
  answers: string;
};

type Valid = { valid(target: string): unknown };
const valid = (c: Context<AppEnv>, request: Request | undefined, target: 'params' | 'query') =>
  request?.[target]
    ? (c.req as unknown as Valid).valid(target === 'params' ? 'param' : target)
    : undefined;

const readInput = <R extends Request>(
  c: Context<AppEnv>,
  request: R | undefined,
): ReadInput<R> => ({
  db: c.get('services').database.db,
  shop: c.get('shop'),
  params: valid(c, request, 'params') as Out<R, 'params'>,
  query: valid(c, request, 'query') as Out<R, 'query'>,
  c,
});

const writeInput = <R extends Request>(
  c: Context<AppEnv>,
  request: R | undefined,
): WriteInput<R> => ({
  params: valid(c, request, 'params') as Out<R, 'params'>,
  query: valid(c, request, 'query') as Out<R, 'query'>,
  body: (request?.body ? (c.req as unknown as Valid).valid('json') : undefined) as Body<R>,
  caller: c.get('merchant'),
  c,
});

/** The declaration of a verb: adminRoute with the method and answer the verb decides. */
function declare<R extends Request>(
  config: VerbConfig<R>,
  method: AdminRouteConfig['method'],
  responses: AdminRouteConfig['responses'],
  ifMatch = false,
) {
  const { schema: _schema, answers: _answers, ...route } = config;
  return adminRoute({ ...route, method, ...(ifMatch ? { ifMatch } : {}), responses });
}

/**
 * A list: `GET` answering one page as `{ object: 'list', data, has_more, url }`. The verb
 * pages with listPage (keyset on created_at and id, its cursors checked) and its filters.
 */
export function listRoute<R extends Request>(
  config: VerbConfig<R> & {
    list(input: ReadInput<R>): Promise<{ data: unknown[]; hasMore: boolean }>;
  },
): AdminVerb {
  const { list, ...declaration } = config;
  return {
    route: declare(declaration, 'get', { 200: jsonContent(config.schema, config.answers) }),
    handler: async (c) => {
      const page = await list(readInput(c, config.request));
      return c.json(toList(c, page.data, page.hasMore), 200);
    },
  };
}

/**
 * A read of one resource: `GET` answering it with its `ETag` (its `version`), for a later
 * If-Match. `etag: false` for a resource the API does not version (no ETag, none declared).
 */
export function readRoute<R extends Request>(
  config: VerbConfig<R> & {
    etag?: false;
    get(input: ReadInput<R>): Promise<object>;
  },
): AdminVerb {
  const { get, etag = true, ...declaration } = config;
  const answer = etag ? resourceContent : jsonContent;
  return {
    route: declare(declaration, 'get', { 200: answer(config.schema, config.answers) }),
    handler: async (c) => {
      const resource = await get(readInput(c, config.request));
      if (etag) setEtag(c, resource);
      return c.json(resource, 200);
    },
  };
}

type WriteVerb<R extends Request, T> = (w: WriteScope, input: WriteInput<R>) => Promise<T>;

/** A create: `POST` running the verb in merchantWrite, answering 201 with the new resource. */
export function createRoute<R extends Request, T extends object>(
  config: VerbConfig<R> & { create: WriteVerb<R, T>; options?: WriteOptions<T> },
): AdminVerb {
  const { create, options, ...declaration } = config;
  return {
    route: declare(declaration, 'post', { 201: resourceContent(config.schema, config.answers) }),
    handler: async (c) => {
      const input = writeInput(c, config.request);
      return c.json(await merchantWrite(c, (w) => create(w, input), options), 201);
    },
  };
}

/** An update: `PATCH` with If-Match, running the verb in merchantWrite, answering the resource. */
export function updateRoute<R extends Request, T extends object>(
  config: VerbConfig<R> & { update: WriteVerb<R, T>; options?: WriteOptions<T> },
): AdminVerb {
  const { update, options, ...declaration } = config;
  const responses = { 200: resourceContent(config.schema, config.answers) };
  return {
    route: declare(declaration, 'patch', responses, true),
    handler: async (c) => {
      const input = writeInput(c, config.request);
      return c.json(await merchantWrite(c, (w) => update(w, input), options), 200);
    },
  };
}

/**
 * An action on one resource that is none of the other verbs (deliver an order, approve a
 * review, reset a download count): `POST`, running the verb in merchantWrite, answering 200
 * with what it changed. A versioned resource (the default) takes If-Match and answers its
 * ETag; `versioned: false` for one the API does not version.
 */
export function actionRoute<R extends Request, T extends object>(
  config: VerbConfig<R> & { act: WriteVerb<R, T>; versioned?: false },
): AdminVerb {
  const { act, versioned = true, ...declaration } = config;
  const answer = versioned ? resourceContent : jsonContent;
  const responses = { 200: answer(config.schema, config.answers) };
  return {
    route: declare(declaration, 'post', responses, versioned),
    handler: async (c) => {
      const input = writeInput(c, config.request);
      return c.json(await merchantWrite(c, (w) => act(w, input)), 200);
    },
  };
}

/** A delete: `DELETE` with If-Match, running the verb in merchantWrite, answering what it says. */
export function deleteRoute<R extends Request, T extends object>(
  config: VerbConfig<R> & { remove: WriteVerb<R, T> },
): AdminVerb {
  const { remove, ...declaration } = config;
  const responses = { 200: jsonContent(config.schema, config.answers) };
  return {
    route: declare(declaration, 'delete', responses, true),
    handler: async (c) => {
      const input = writeInput(c, config.request);
      return c.json(await merchantWrite(c, (w) => remove(w, input)), 200);
    },
  };
}

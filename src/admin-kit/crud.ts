import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, MerchantContext, ShopContext } from '../app-env';
import type { Db } from '../db/client';
import type { ErrorCode } from '../errors';
import { jsonBody, jsonContent } from '../http/openapi';
import { createRouter } from '../http/router';
import type { MerchantArea } from '../identity/merchant-scopes';
import { setEtag } from './concurrency';
import { type ListParams, toList } from './list';
import { adminRoute, IdParamSchema, resourceContent } from './route';
import { merchantWrite, type WriteScope } from './write';

/**
 * The verbs of a resource's service that the five routes call. Writes also get the caller,
 * for a verb whose rule depends on what the key or staff member holds.
 */
export type CrudService<Q extends ListParams, C, U, R extends object> = {
  list(db: Db, shop: ShopContext, params: Q): Promise<{ data: R[]; hasMore: boolean }>;
  get(db: Db, shop: ShopContext, id: string): Promise<R>;
  create(w: WriteScope, input: C, caller: MerchantContext): Promise<R>;
  update(w: WriteScope, id: string, input: U, caller: MerchantContext): Promise<R>;
  remove(w: WriteScope, id: string): Promise<{ id: string; object: string; deleted: true }>;
};

type Verb = 'list' | 'get' | 'create' | 'update' | 'remove';

export type CrudConfig<
  Q extends z.ZodObject & z.ZodType<ListParams>,
  C extends z.ZodType,
  U extends z.ZodType,
  R extends object,
> = {
  /** The document's tag, e.g. `Shipping rates`. */
  tag: string;
  /** The area whose `:read` scope lists and reads, and whose `:write` scope writes. */
  scope: MerchantArea;
  /**
   * Names: `one` and `many` make the operation ids (`getShippingRate`, `listShippingRates`),
   * `noun` the response descriptions (`shipping rate`), `short` (default `noun`) the
   * default update description (`the rate`).
   */
  names: { one: string; many: string; noun: string; short?: string };
  /** The summary of each operation (`One …` and `Changes the given fields of a …` unless told). */
  summaries: Pick<Record<Verb, string>, 'list' | 'create' | 'remove'> &
    Partial<Record<'get' | 'update', string>>;
  /** The description of each operation (read and update have defaults). */
  descriptions: Pick<Record<Verb, string>, 'list' | 'create' | 'remove'> &
    Partial<Record<'get' | 'update', string>>;
  schemas: {
    resource: z.ZodType<R>;
    list: z.ZodType;
    listQuery: Q;
    create: C;
    update: U;
    deleted: z.ZodType;
  };
  /** The codes each verb's service can raise. */
  raises: Partial<Record<Verb, readonly ErrorCode[]>>;
  service: CrudService<z.infer<Q>, z.infer<C>, z.infer<U>, R>;
};

type Valid = { valid(target: string): never };
const input = (c: Context<AppEnv>) => c.req as unknown as Valid;

/**
 * A merchant resource's five routes, declared with adminRoute and mounted on a new router:
 * `GET /` (a page), `GET /{id}`, `POST /`, `PATCH /{id}` and `DELETE /{id}` (both with
 * If-Match). Each write runs its verb in merchantWrite. Mount the router at the resource's
 * path; a resource with more routes adds them to the same router.
 */
export function crudRoutes<
  Q extends z.ZodObject & z.ZodType<ListParams>,
  C extends z.ZodType,
  U extends z.ZodType,
  R extends object,
>(config: CrudConfig<Q, C, U, R>) {
  const { tag, names, summaries, descriptions, schemas, raises, service } = config;
  const read = `${config.scope}:read` as const;
  const write = `${config.scope}:write` as const;
  const { noun } = names;
  const The = `The ${noun}`;

  const operationIds: Record<Verb, string> = {
    list: `list${names.many}`,
    get: `get${names.one}`,
    create: `create${names.one}`,
    update: `update${names.one}`,
    remove: `delete${names.one}`,
  };
  const summary: Record<Verb, string> = {
    get: `One ${noun}`,
    update: `Changes the given fields of a ${noun}`,
    ...summaries,
  };
  const description: Record<Verb, string> = {
    get: `Reads one ${noun} with its ETag, for a later \`If-Match\`.`,
    update: `Changes only the fields given. Send the ETag you read as \`If-Match\` to refuse the write when someone changed the ${names.short ?? noun} since (412).`,
    ...descriptions,
  };
  /** What every one of the five declarations shares: tag, scope, id, summary, codes. */
  const common = (verb: Verb) => ({
    tag,
    scope: verb === 'list' || verb === 'get' ? read : write,
    operationId: operationIds[verb],
    summary: summary[verb],
    description: description[verb],
    raises: raises[verb] ?? [],
  });
  const byId = { params: IdParamSchema };
  const one = (description: string) => resourceContent(schemas.resource, description);

  const routes = {
    list: adminRoute({
      ...common('list'),
      method: 'get',
      path: '/',
      request: { query: schemas.listQuery },
      responses: { 200: jsonContent(schemas.list, `A page of ${noun}s`) },
    }),
    get: adminRoute({
      ...common('get'),
      method: 'get',
      path: '/{id}',
      request: byId,
      responses: { 200: one(The) },
    }),
    create: adminRoute({
      ...common('create'),
      method: 'post',
      path: '/',
      request: { body: jsonBody(schemas.create) },
      responses: { 201: one(`The new ${noun}`) },
    }),
    update: adminRoute({
      ...common('update'),
      method: 'patch',
      path: '/{id}',
      ifMatch: true,
      request: { ...byId, body: jsonBody(schemas.update) },
      responses: { 200: one(The) },
    }),
    remove: adminRoute({
      ...common('remove'),
      method: 'delete',
      path: '/{id}',
      ifMatch: true,
      request: byId,
      responses: { 200: jsonContent(schemas.deleted, `${The} is deleted`) },
    }),
  };

  const router = createRouter();
  const idOf = (c: Context<AppEnv>) => (input(c).valid('param') as { id: string }).id;
  // The routes are built from generic schemas, which the typed handlers cannot follow; each
  // handler reads what its route validated and answers what its route declares.
  const mount = (route: object, handler: (c: Context<AppEnv>) => Promise<Response>) =>
    router.openapi(route as never, handler as never);

  mount(routes.list, async (c) => {
    const db = c.get('services').database.db;
    const page = await service.list(db, c.get('shop'), input(c).valid('query'));
    return c.json(toList(c, page.data, page.hasMore), 200);
  });
  mount(routes.get, async (c) => {
    const db = c.get('services').database.db;
    const resource = await service.get(db, c.get('shop'), idOf(c));
    setEtag(c, resource);
    return c.json(resource, 200);
  });
  mount(routes.create, async (c) => {
    const body = input(c).valid('json');
    const caller = c.get('merchant');
    return c.json(await merchantWrite(c, (w) => service.create(w, body, caller)), 201);
  });
  mount(routes.update, async (c) => {
    const body = input(c).valid('json');
    const caller = c.get('merchant');
    return c.json(await merchantWrite(c, (w) => service.update(w, idOf(c), body, caller)), 200);
  });
  mount(routes.remove, async (c) => {
    return c.json(await merchantWrite(c, (w) => service.remove(w, idOf(c))), 200);
  });
  return router;
}

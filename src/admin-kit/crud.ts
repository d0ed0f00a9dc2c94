import type { z } from '@hono/zod-openapi';
import type { MerchantContext, ShopContext } from '../app-env';
import type { Db } from '../db/client';
import type { ErrorCode } from '../errors';
import { jsonBody } from '../http/openapi';
import { createRouter } from '../http/router';
import type { MerchantArea } from '../identity/merchant-scopes';
import type { ListParams } from './list';
import { IdParamSchema } from './route';
import { createRoute, deleteRoute, listRoute, mount, readRoute, updateRoute } from './verbs';
import type { WriteScope } from './write';

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

/**
 * A merchant resource's five routes, the five verbs of src/admin-kit/verbs.ts mounted on a
 * new router: `GET /` (a page), `GET /{id}`, `POST /`, `PATCH /{id}` and `DELETE /{id}` (both
 * with If-Match), named and described from one config. Mount the router at the resource's
 * path; a resource with more routes adds them to the same router. A resource without all five
 * (or with verbs of another shape) uses the verbs it has from verbs.ts directly.
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

  return mount(
    createRouter(),
    listRoute({
      ...common('list'),
      path: '/',
      request: { query: schemas.listQuery },
      schema: schemas.list,
      answers: `A page of ${noun}s`,
      list: ({ db, shop, query }) => service.list(db, shop, query as z.infer<Q>),
    }),
    readRoute({
      ...common('get'),
      path: '/{id}',
      request: byId,
      schema: schemas.resource,
      answers: The,
      get: ({ db, shop, params }) => service.get(db, shop, params.id),
    }),
    createRoute({
      ...common('create'),
      path: '/',
      request: { body: jsonBody(schemas.create) },
      schema: schemas.resource,
      answers: `The new ${noun}`,
      create: (w, { body, caller }) => service.create(w, body as z.infer<C>, caller),
    }),
    updateRoute({
      ...common('update'),
      path: '/{id}',
      request: { ...byId, body: jsonBody(schemas.update) },
      schema: schemas.resource,
      answers: The,
      update: (w, { params, body, caller }) =>
        service.update(w, params.id, body as z.infer<U>, caller),
    }),
    deleteRoute({
      ...common('remove'),
      path: '/{id}',
      request: byId,
      schema: schemas.deleted,
      answers: `${The} is deleted`,
      remove: (w, { params }) => service.remove(w, params.id),
    }),
  );
}

import { adminRoute, IdParamSchema } from '../../admin-kit/route';
import { listRoute, mount, readRoute } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import {
  MerchantKeyCreateSchema,
  MerchantKeyListQuerySchema,
  MerchantKeyListSchema,
  MerchantKeySchema,
  NewMerchantKeySchema,
} from './schemas';
import { createKey, getKey, listKeys, RAISES, revokeKey } from './service';

const tag = 'Keys';

const list = listRoute({
  path: '/',
  tag,
  scope: 'admin',
  operationId: 'listMerchantKeys',
  summary: 'The shop’s merchant keys (revoked ones included), newest first',
  description:
    "Lists the shop's merchant keys, newest first, revoked ones included. Secrets are never shown again: a key is identified by its prefix and name. Needs the `admin` scope.",
  request: { query: MerchantKeyListQuerySchema },
  schema: MerchantKeyListSchema,
  answers: 'A page of keys',
  list: ({ db, shop, query }) => listKeys(db, shop, query),
});

const read = readRoute({
  path: '/{id}',
  tag,
  scope: 'admin',
  operationId: 'getMerchantKey',
  summary: 'One merchant key',
  description:
    'Reads one merchant key: its name, prefix, scopes, rate limit, when it was last used and whether it is revoked. Needs the `admin` scope.',
  request: { params: IdParamSchema },
  schema: MerchantKeySchema,
  answers: 'The key',
  etag: false,
  raises: RAISES.getKey,
  get: ({ db, shop, params }) => getKey(db, shop, params.id),
});

const create = adminRoute({
  method: 'post',
  path: '/',
  tag,
  scope: 'admin',
  operationId: 'createMerchantKey',
  raises: RAISES.createKey,
  summary: 'Issues a merchant key; its secret is shown in this answer only',
  description:
    'Issues a new secret key with a name and scopes (`<area>:read`, `<area>:write`, `admin`). The secret is in this answer only: store it at once. A replay of the same Idempotency-Key answers the key without its secret.',
  request: { body: jsonBody(MerchantKeyCreateSchema) },
  responses: { 201: jsonContent(NewMerchantKeySchema, 'The new key, with its secret') },
});

const revoke = adminRoute({
  method: 'delete',
  path: '/{id}',
  tag,
  scope: 'admin',
  operationId: 'revokeMerchantKey',
  summary: 'Revokes a merchant key (within about a second everywhere)',
  description:
    'Revokes a key. Every isolate stops accepting it within about a second (key management checks the calling key live, at once); the key stays listed as revoked so the audit log keeps naming it. A key holding a scope the calling key lacks cannot be revoked with it (403 `MERCHANT_SCOPE_MISSING`), as it could not have been created with it.',
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(MerchantKeySchema, 'The revoked key') },
  raises: RAISES.revokeKey,
});

/** /admin/api/v1/keys: merchant keys, managed by a key with the `admin` scope. */
export const keyAdminRoutes = createRouter();

mount(keyAdminRoutes, list, read);

// Not createRoute: a key has no version, so its answer carries no ETag (createRoute's does).
keyAdminRoutes.openapi(create, async (c) => {
  const key = await merchantWrite(c, (w) => createKey(w, c.get('merchant'), c.req.valid('json')), {
    remember: (answer) => ({ ...answer, secret: null }),
  });
  return c.json(key, 201);
});

// Not deleteRoute: a revoked key stays listed (the answer is the key), and has no version for If-Match.
keyAdminRoutes.openapi(revoke, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => revokeKey(w, c.get('merchant'), id)), 200);
});

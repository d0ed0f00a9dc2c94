import { adminRoute, resourceContent } from '../../admin-kit/route';
import { deleteRoute, listRoute, mount, readRoute } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody } from '../../http/openapi';
import { createRouter } from '../../http/router';
import {
  DeletedPolicySchema,
  MerchantPolicySchema,
  PolicyListQuerySchema,
  PolicyListSchema,
  PolicySetSchema,
  PolicyTypeParamSchema,
} from './admin-schemas';
import { getPolicy, listPolicies, RAISES, removePolicy, setPolicy } from './admin-service';

const tag = 'Policies';
/** An unknown policy type answers as on the storefront. */
const byType = {
  request: { params: PolicyTypeParamSchema },
  fieldCodes: [['type', 'POLICY_TYPE_INVALID']] as const,
};

const list = listRoute({
  path: '/',
  tag,
  scope: 'settings:read',
  operationId: 'listPolicies',
  description:
    'Lists the policies the shop has set, newest first. A type not listed is not set: the storefront answers `POLICY_NOT_FOUND` for it.',
  summary: 'The policies the shop has set, newest first',
  request: { query: PolicyListQuerySchema },
  schema: PolicyListSchema,
  answers: 'A page of policies',
  list: ({ db, shop, query }) => listPolicies(db, shop, query),
});

const read = readRoute({
  ...byType,
  path: '/{type}',
  tag,
  scope: 'settings:read',
  operationId: 'getPolicy',
  description: 'Reads the policy of one type with its ETag, for a later `If-Match`.',
  summary: 'One policy, by type',
  schema: MerchantPolicySchema,
  answers: 'The policy',
  raises: RAISES.getPolicy,
  get: ({ db, shop, params }) => getPolicy(db, shop, params.type),
});

const set = adminRoute({
  ...byType,
  method: 'put',
  path: '/{type}',
  tag,
  scope: 'settings:write',
  ifMatch: true,
  operationId: 'setPolicy',
  description:
    'Sets the title (the footer link text) and HTML body of a policy, creating it when the shop has none of this type. `If-Match: "0"` sets it only if it is not set yet. The storefront serves the new text, escaped, from the next request.',
  summary:
    'Sets a policy’s title and body (creating it); the storefront serves it from the next request',
  request: { ...byType.request, body: jsonBody(PolicySetSchema) },
  responses: { 200: resourceContent(MerchantPolicySchema, 'The policy') },
  raises: RAISES.setPolicy,
});

const remove = deleteRoute({
  ...byType,
  path: '/{type}',
  tag,
  scope: 'settings:write',
  operationId: 'deletePolicy',
  description:
    'Deletes the policy of one type. The storefront stops listing it in GET /settings and answers `POLICY_NOT_FOUND` for it.',
  summary: 'Clears a policy: the storefront no longer lists or serves it',
  schema: DeletedPolicySchema,
  answers: 'The policy is cleared',
  raises: RAISES.deletePolicy,
  remove: (w, { params }) => removePolicy(w, params.type),
});

/** /admin/api/v1/policies: the shop's legal texts, one per type (`settings` scopes). */
export const policyAdminRoutes = createRouter();

mount(policyAdminRoutes, list, read);

// Not updateRoute: PUT sets the whole policy, creating it when the shop has none of this type.
policyAdminRoutes.openapi(set, async (c) => {
  const { type } = c.req.valid('param');
  const body = c.req.valid('json');
  return c.json(await merchantWrite(c, (w) => setPolicy(w, type, body)), 200);
});

mount(policyAdminRoutes, remove);

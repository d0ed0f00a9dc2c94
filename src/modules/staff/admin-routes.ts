import { adminRoute, IdParamSchema } from '../../admin-kit/route';
import { deleteRoute, listRoute, mount, readRoute, updateRoute } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import {
  DeletedStaffMemberSchema,
  MeSchema,
  NO_CONTENT,
  StaffListQuerySchema,
  StaffMemberChangeSchema,
  StaffMemberListSchema,
  StaffMemberSchema,
  StaffUpdateSchema,
} from './schemas';
import { describeCaller } from './service/me';
import {
  endMemberSessions,
  getMember,
  listMembers,
  RAISES,
  removeMember,
  updateMember,
} from './service/members';

// The staff module's routers, each mounted at its path by src/admin-api.ts.
export { staffAuthRoutes } from './admin-auth-routes';
export { inviteRoutes } from './admin-invite-routes';
export { roleRoutes } from './admin-role-routes';
export { sessionRoutes } from './admin-session-routes';

// ---------------------------------------------------------------- /me

const meRoute = adminRoute({
  method: 'get',
  path: '/',
  tag: 'Me',
  scope: null,
  operationId: 'getMe',
  summary: 'Who is calling: the key or staff member, its shop and its scopes',
  description:
    'Any merchant key or staff session may call it. `scopes` is what the caller may do (a staff member: their role’s scopes, every scope for the owner); the dashboard shows only what they allow. `memberships` lists a staff member’s shops.',
  responses: { 200: jsonContent(MeSchema, 'The caller') },
});

/** /admin/api/v1/me */
export const meRoutes = createRouter();

meRoutes.openapi(meRoute, async (c) => c.json(await describeCaller(c), 200));

// ---------------------------------------------------------------- /staff

const listStaff = listRoute({
  path: '/',
  tag: 'Staff',
  scope: 'staff:read',
  operationId: 'listStaffMembers',
  summary: 'The shop’s staff members, newest first',
  description:
    'Every member of the shop: invited (not yet accepted), active and disabled. Filter by `status`, `role` (an id or a preset key) or `q` (part of the email or name).',
  request: { query: StaffListQuerySchema },
  schema: StaffMemberListSchema,
  answers: 'A page of staff members',
  list: ({ db, shop, query }) => listMembers(db, shop, query),
});

const getStaff = readRoute({
  path: '/{id}',
  tag: 'Staff',
  scope: 'staff:read',
  operationId: 'getStaffMember',
  summary: 'One staff member',
  description: 'Reads one staff member with its ETag, for a later `If-Match`.',
  request: { params: IdParamSchema },
  raises: RAISES.member,
  schema: StaffMemberSchema,
  answers: 'The staff member',
  get: ({ db, shop, params }) => getMember(db, shop, params.id),
});

const patchStaff = updateRoute({
  path: '/{id}',
  tag: 'Staff',
  scope: 'staff:write',
  operationId: 'updateStaffMember',
  summary: 'Changes a member’s role or disables (or re-enables) them',
  description:
    'A new role takes effect at the member’s next request; disabling ends their sessions in this shop at once and revokes the merchant keys they created from the dashboard (`revoked_keys` lists them). You can only give a role, or change a member, within your own scopes. The last active owner cannot be demoted or disabled (`409 LAST_OWNER`).',
  request: { params: IdParamSchema, body: jsonBody(StaffUpdateSchema) },
  raises: RAISES.updateMember,
  schema: StaffMemberChangeSchema,
  answers: 'The staff member',
  update: (w, { params, body, caller }) => updateMember(w, caller, params.id, body),
});

const deleteStaff = deleteRoute({
  path: '/{id}',
  tag: 'Staff',
  scope: 'staff:write',
  operationId: 'deleteStaffMember',
  summary: 'Removes a member from the shop',
  description:
    'The membership goes, the member’s sessions in this shop end at once and the merchant keys they created from the dashboard are revoked (`revoked_keys` lists them); the person keeps their other shops. The last active owner cannot be removed (`409 LAST_OWNER`).',
  request: { params: IdParamSchema },
  raises: RAISES.removeMember,
  schema: DeletedStaffMemberSchema,
  answers: 'The member is removed',
  remove: (w, { params, caller }) => removeMember(w, caller, params.id),
});

const endStaffSessions = adminRoute({
  method: 'delete',
  path: '/{id}/sessions',
  tag: 'Staff',
  scope: 'staff:write',
  operationId: 'endStaffMemberSessions',
  summary: 'Signs a member out of this shop everywhere',
  description:
    'Ends every session of the member that works on this shop, at once (a lost laptop). Only someone holding every scope of the member’s role may (`403 MERCHANT_SCOPE_MISSING`): nobody signs out a member above them.',
  request: { params: IdParamSchema },
  raises: RAISES.endSessions,
  responses: NO_CONTENT,
});

/** /admin/api/v1/staff */
export const staffMemberRoutes = createRouter();

mount(staffMemberRoutes, listStaff, getStaff, patchStaff, deleteStaff);

// Not deleteRoute: it ends the member's sessions, not the member, and answers 204 with no body.
staffMemberRoutes.openapi(endStaffSessions, async (c) => {
  const { id } = c.req.valid('param');
  await merchantWrite(c, (w) => endMemberSessions(w, c.get('merchant'), id));
  return c.body(null, 204);
});
